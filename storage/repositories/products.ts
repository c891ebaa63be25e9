import type { Product } from '../../domain/schemas/inventory.ts'
import type { Store } from '../store.ts'
import { indexedRecords } from './indexed-records.ts'

export const PRODUCT_SORTABLE = [
  'name',
  'sku',
  'active',
  'category',
  'brand',
  'vendor',
  'stock',
  'reserved',
  'cost',
  'basePrice',
  'taxPercent',
  'price',
  'weight',
] as const
export type ProductRow = Pick<Product, (typeof PRODUCT_SORTABLE)[number]> & { id: string; search: string }

/** What the product list filters and sorts on, kept in memory per company. */
function productRow(p: Product): ProductRow {
  return {
    id: p.id,
    search: p.name.toLowerCase(),
    name: p.name,
    sku: p.sku,
    active: p.active,
    category: p.category,
    brand: p.brand,
    vendor: p.vendor,
    stock: p.stock,
    reserved: p.reserved,
    cost: p.cost,
    basePrice: p.basePrice,
    taxPercent: p.taxPercent,
    price: p.price,
    weight: p.weight,
  }
}

export const productsRepository = (store: Store, empresa: number) =>
  indexedRecords<Product, ProductRow>(store, empresa, 'products', productRow)
