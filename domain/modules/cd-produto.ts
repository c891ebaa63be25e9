import { z } from 'zod'
import { productInput, productRow } from '../schemas/products.ts'
import { declareModule } from '../module.ts'

/**
 * cd_produto (docs/domain.md): the parts and materials the company sells and its technicians use,
 * each with its stock per branch and the moves that made it; deactivated, never deleted.
 */
export const products = declareModule({
  id: 'cd_produto',
  page: {
    titles: { en: 'Products', es: 'Productos', pt: 'Produtos' },
    icon: 'M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10',
    group: 'field',
    order: 25,
  },
  roles: { admin: 'delete', manager: 'delete', dispatcher: 'edit', technician: 'view', finance: 'view' },
  api: {
    // the inventory API's operations are listProducts, createProduct ... (docs/demo-apis.md §7)
    noun: 'Stock product',
    nouns: 'Stock products',
    examples: {
      create: {
        name: 'Capacitor 35 µF',
        sku: 'CAP-35',
        unit: 'unit',
        unitPrice: 4500,
        cost: 1800,
        taxPercent: 5,
        minimum: 10,
      },
      replace: { name: 'Copper pipe 1/4"', sku: 'CU-14', unit: 'meter', unitPrice: 3200, cost: 1500, minimum: 20 },
      update: { minimum: 5 },
    },
    row: productRow,
    id: z.string().uuid(),
    idKey: 'id',
    nameKey: 'name',
    input: { create: productInput, edit: productInput },
    list: {
      sortable: ['name', 'sku', 'unitPrice', 'stock', 'active'],
      defaultSort: 'name',
      search: (p) => `${p.name} ${p.sku} ${p.description}`,
      active: (p) => p.active,
      states: { key: 'level', values: ['low', 'ok', 'untracked'] },
    },
    csv: [
      ['Name', (p) => p.name],
      ['SKU', (p) => p.sku],
      ['Unit', (p) => p.unit],
      ['Unit price', (p) => (p.unitPrice / 100).toFixed(2)],
      ['Cost', (p) => (p.cost / 100).toFixed(2)],
      ['Currency', (p) => p.currency],
      ['Tax %', (p) => p.taxPercent],
      ['Minimum', (p) => p.minimum],
      ['Stock', (p) => p.stock ?? ''],
      ['Active', (p) => (p.active ? 'yes' : 'no')],
    ],
    deactivatable: true,
    activity: true,
  },
})
