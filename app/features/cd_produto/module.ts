import { products as productsModule } from '../../../domain/modules/cd-produto.ts'
import { productRow, stockAdjusted, stockMoveRow, stockReceived } from '../../../domain/schemas/products.ts'
import { defineFeature, type HomeCardOf } from '../../kit/module'
import { PriceListImport } from './price-list-import'
import { StockPanel } from './stock-panel'

const UNIT_LABELS = {
  unit: 'product_unit_unit',
  meter: 'product_unit_meter',
  kg: 'product_unit_kg',
  liter: 'product_unit_liter',
  box: 'product_unit_box',
} as const

const LEVEL_LABELS = { low: 'stock_level_low', ok: 'stock_level_ok', untracked: 'stock_level_untracked' } as const

const cardRow = productRow.pick({ name: true, sku: true, stock: true, minimum: true })

/** The products the current branch holds less of than their minimum: for who may restock them. */
const lowStock: HomeCardOf<typeof productsModule> = {
  id: 'products-low',
  title: 'home_stock_low',
  empty: 'home_stock_low_none',
  query: { state: 'low', sort: 'stock', order: 'asc' },
  row: cardRow,
  needs: { page: 'cd_produto', level: 'edit' },
  item: (values, f) => {
    const row = cardRow.parse(values)
    return {
      label: row.name,
      detail: `${row.sku ? `${row.sku} · ` : ''}${f.label('f_minimum')}: ${row.minimum}`,
      aside: String(row.stock ?? ''),
    }
  },
}

/** cd_produto (docs/domain.md): the parts and materials, each with the current branch's stock and its moves. */
export const products = defineFeature(productsModule, {
  newTitle: 'new_product',
  // a product made is stocked next, on its page
  staysOnSave: true,
  states: LEVEL_LABELS,
  columns: [
    { key: 'name', label: 'f_name' },
    { key: 'sku', label: 'f_sku' },
    { key: 'unit', label: 'f_unit', labels: UNIT_LABELS },
    { key: 'unitPrice', label: 'f_unit_price', show: 'money' },
    { key: 'stock', label: 'f_stock' },
    { key: 'level', label: 'f_stock_level', labels: LEVEL_LABELS },
  ],
  facts: (values, f) => [
    {
      label: 'f_stock',
      value: values.stock === null ? f.label('stock_level_untracked') : String(values.stock),
      strong: true,
    },
    { label: 'f_stock_total', value: values.totalStock === null ? '—' : String(values.totalStock) },
    { label: 'f_unit_price', value: f.money(Number(values.unitPrice)) },
  ],
  fields: [
    { name: 'name', label: 'f_name', type: 'text', required: true },
    { name: 'sku', label: 'f_sku', type: 'text' },
    { name: 'unit', label: 'f_unit', type: 'select', required: true, options: Object.entries(UNIT_LABELS) },
    { name: 'unitPrice', label: 'f_unit_price', type: 'money', required: true },
    { name: 'cost', label: 'f_cost', type: 'money' },
    { name: 'taxPercent', label: 'f_tax_percent', type: 'text' },
    { name: 'minimum', label: 'f_minimum', type: 'text' },
    { name: 'description', label: 'f_description', type: 'textarea', wide: true },
  ],
  panel: StockPanel,
  listPanel: PriceListImport,
  forms: {
    receive: { schema: stockReceived, path: () => 'stock', done: 'done_stock_received' },
    adjust: { schema: stockAdjusted, path: () => 'stock', done: 'done_stock_adjusted' },
  },
  related: [
    {
      title: 'stock_moves',
      path: (id) => `/cd_produto/${encodeURIComponent(id)}/stock`,
      row: stockMoveRow,
      href: (row) => (row.orderId ? `/view/cd_ordem/${encodeURIComponent(String(row.orderId))}` : null),
      columns: [
        { key: 'at', label: 'f_date', show: 'date' },
        {
          key: 'kind',
          label: 'f_stock_move',
          labels: {
            received: 'stock_move_received',
            used: 'stock_move_used',
            returned: 'stock_move_returned',
            adjusted: 'stock_move_adjusted',
          },
        },
        { key: 'quantity', label: 'f_quantity' },
        { key: 'orderNumber', label: 'f_order' },
        { key: 'reason', label: 'f_reason' },
        { key: 'by', label: 'f_by' },
      ],
    },
  ],
  homeCards: [lowStock],
})
