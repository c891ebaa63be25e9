import type { Tag } from '../domain/schemas/contacts.ts'
import type { Product } from '../domain/schemas/inventory.ts'
import { seeded } from './random.ts'

const slug = (s: string) => s.toLowerCase().replace(/\s+/g, '-')
const named = (prefix: string, names: string[]) =>
  names.map((name, i) => ({ id: `${prefix}-${i + 1}`, name, slug: slug(name) }))

export const seedCategories = () =>
  named('cat', ['Mens', 'Ladies', 'Unisex']).map((c) => ({ ...c, parentId: null as string | null }))
export const seedBrands = () => named('brand', ['Benton', 'Capmia', 'Lara', 'Premera', 'Zeon'])
export const seedVendors = () => named('vendor', ['Evel', 'Mivon', 'Neogen'])
export const seedInventoryTags = (): Tag[] =>
  ['mens', 'ladies', 'unisex', '44mm', '40mm', '5 ATM', '10 ATM', 'automatic', 'chronograph', 'watch'].map(
    (title, i) => ({ id: `itag-${i + 1}`, title }),
  )

const MODELS = [
  'Capmia Mens Chronograph Watch 44mm 5 ATM',
  'Zeon Ladies Chronograph Watch 40mm 10 ATM',
  'Benton Unisex Automatic Watch 40mm 10 ATM',
  'Lara Mens Chronograph Watch 44mm 10 ATM',
  'Premera Ladies Automatic Watch 40mm 5 ATM',
  'Zeon Mens Automatic Watch 44mm 10 ATM',
]
const TAX = [8, 10, 18, 20, 30]

/** About 23 demo watches, most inactive; price = basePrice + taxPercent of it. `count` makes more (benchmarks). */
export function seedProducts(count = 23, seed = 501): Product[] {
  const rnd = seeded(seed)
  const categories = seedCategories()
  const brands = seedBrands()
  const vendors = seedVendors()
  const tags = seedInventoryTags()
  return Array.from({ length: count }, (_, i) => {
    const model = MODELS[i % MODELS.length]
    const basePrice = rnd.int(400, 2000)
    const taxPercent = TAX[i % TAX.length]
    const category = categories[i % 3]
    return {
      id: rnd.uuid(),
      category: category.id,
      name:
        count > 23
          ? `${model} #${i + 1}`
          : `${model}${i >= MODELS.length ? ` (${['Black', 'Silver', 'Gold'][Math.floor(i / MODELS.length) - 1] ?? 'Rose'})` : ''}`,
      description: `${model}. Water resistant, sapphire crystal, two-year warranty.`,
      tags: [tags[i % 3].id, tags[3 + (i % 2)].id, tags[9].id],
      sku: `${['ETV', 'ADH', 'ATT', 'CBZ'][i % 4]}-${String(rnd.int(1000, 9999))}`,
      barcode: String(rnd.int(1e11, 9e11)),
      brand: brands[i % brands.length].id,
      vendor: vendors[i % vendors.length].id,
      stock: rnd.int(0, 60),
      reserved: rnd.int(0, 10),
      cost: Math.round(basePrice * 0.45 * 100) / 100,
      basePrice,
      taxPercent,
      price: Math.round(basePrice * (1 + taxPercent / 100) * 100) / 100,
      weight: Math.round((0.4 + rnd.next() * 0.5) * 100) / 100,
      thumbnail: `/images/apps/ecommerce/products/watch-${String((i % 30) + 1).padStart(2, '0')}-thumb.jpg`,
      images: [1, 2, 3].map(
        (n) => `/images/apps/ecommerce/products/watch-${String((i % 30) + 1).padStart(2, '0')}-0${n}.jpg`,
      ),
      active: i % 4 === 0,
    }
  })
}
