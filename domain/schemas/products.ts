import { z } from 'zod'
import { CURRENCIES } from '../money.ts'
import { decimal, money, optionalText, percent, text } from './fields.ts'
import { streamedFile } from './files.ts'
import type { Product } from './inventory.ts'

/**
 * Where a company's products are stored: the inventory's collection (docs/demo-apis.md §7), which
 * the products page (cd_produto) and a visit's parts read as well.
 */
export const PRODUCTS = 'products'
/** Where a company's stock moves are stored (a collection of storage/repositories). */
export const STOCK_MOVES = 'stock-moves'

/** docs/domain.md cd_produto: how a product is counted. */
export const PRODUCT_UNITS = ['unit', 'meter', 'kg', 'liter', 'box'] as const

/** What moved a product's stock in a branch (docs/domain.md cd_produto). */
export const STOCK_MOVE_KINDS = ['received', 'used', 'returned', 'adjusted'] as const

/**
 * A product as stored: the inventory's record with what the products page adds: its unit, the
 * minimum each branch should hold, the stock of each branch (by branch number; the inventory's
 * `stock` is their sum) and the moves it applied (their ids, so each applies once).
 */
export type StockedProduct = Product & {
  unit?: (typeof PRODUCT_UNITS)[number]
  minimum?: number
  stocks?: Record<string, number>
  stockMoves?: string[]
}

/** A product's price as the inventory keeps it (units of the currency, or blank) in cents, as parts and the products page take it. */
export const productCents = (amount: number | '') => Math.round(Number(amount || 0) * 100)

/** A quantity of stock: up to three decimals (2.5 m of pipe, 0.75 kg of gas). */
const quantity = (min: number) => decimal(3, min, 1_000_000, 'invalid_quantity')

/** A product as the API and the form take it (prices in cents, tax in percent). */
export const productInput = z.object({
  name: text(200),
  sku: optionalText(100).meta({ description: 'The product’s code (SKU), as the supplier or the shelf names it' }),
  unit: z.enum(PRODUCT_UNITS, { message: 'Choose a unit' }).default('unit'),
  unitPrice: money(),
  cost: money().default(0).meta({ description: 'What the company pays for one, in cents' }),
  taxPercent: percent.default(0),
  minimum: quantity(0)
    .default(0)
    .meta({ description: 'The stock each branch should hold at least: below it the office is told (0: none)' }),
  description: optionalText(2000),
})
export type ProductInput = z.output<typeof productInput>

export const productRow = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  unit: z.enum(PRODUCT_UNITS),
  unitPrice: z.number().int(),
  cost: z.number().int(),
  taxPercent: z.number(),
  minimum: z.number(),
  description: z.string(),
  currency: z.enum(CURRENCIES),
  stock: z.number().nullable().meta({ description: 'The stock of the caller’s current branch; null: not counted' }),
  totalStock: z.number().nullable().meta({ description: 'The stock of every branch together; null: not counted' }),
  level: z
    .enum(['low', 'ok', 'untracked'])
    .meta({ description: 'low: the current branch holds less than the minimum; untracked: its stock is not counted' }),
  active: z.boolean(),
})
export type ProductRow = z.output<typeof productRow>

/** Stock received in the current branch (docs/domain.md cd_produto). */
export const stockReceived = z.object({
  kind: z.literal('received'),
  quantity: quantity(0.001),
  reason: optionalText(200).meta({ description: 'Where it came from: the supplier, the invoice number' }),
})
/** Stock counted again in the current branch: what the count found more (positive) or missing (negative), never 0. */
export const stockAdjusted = z.object({
  kind: z.literal('adjusted'),
  quantity: decimal(3, -1_000_000, 1_000_000, 'invalid_quantity'),
  reason: text(200),
})
export const stockMoveInput = z.discriminatedUnion('kind', [stockReceived, stockAdjusted])
export type StockMoveInput = z.output<typeof stockMoveInput>

/** One move of a product's stock in one branch: its quantity signed (what left is negative). */
export type StockMoveRecord = {
  id: string
  productId: string
  filial: number
  kind: (typeof STOCK_MOVE_KINDS)[number]
  quantity: number
  reason: string
  /** The order a part was used on or returned from, and its visit. */
  orderId?: string
  orderNumber?: string
  visitId?: string
  by: string
  at: string
}

export const stockMoveRow = z.object({
  id: z.string(),
  filial: z.number().int(),
  kind: z.enum(STOCK_MOVE_KINDS),
  quantity: z.number(),
  reason: z.string(),
  orderId: z.string().optional(),
  orderNumber: z.string().optional(),
  visitId: z.string().optional(),
  by: z.string(),
  at: z.string(),
})

/** A price list sent to be imported (docs/domain.md cd_produto): its CSV file, and whether the good rows go in when some are wrong. */
export const priceListForm = z.object({
  file: streamedFile.meta({
    contentMediaType: 'text/csv',
    description: 'The price list: a CSV file with a heading row',
  }),
  mode: z.enum(['all', 'valid'], { message: 'all or valid' }).default('all').meta({
    description:
      'all: nothing is written unless every row is right (400 `price_list_rows`); valid: the right rows are, the others skipped',
  }),
})

export const priceListAnswer = z.object({
  created: z.number().int(),
  updated: z.number().int().meta({ description: 'Products of the same SKU, changed to the row' }),
  skipped: z
    .array(z.object({ line: z.number().int(), codes: z.record(z.string(), z.string()) }))
    .meta({ description: 'The rows left out (mode valid): the file’s line, and the code of what is wrong by field' }),
})
