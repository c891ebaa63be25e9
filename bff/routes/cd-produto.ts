import { z } from 'zod'
import { products } from '../../domain/modules/cd-produto.ts'
import {
  priceListAnswer,
  priceListForm,
  productCents,
  stockMoveInput,
  stockMoveRow,
  type ProductInput,
  type StockedProduct,
  type StockMoveRecord,
} from '../../domain/schemas/products.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { blankProduct } from '../../domain/schemas/inventory.ts'
import { branchStock, counted, stocksOf } from '../../domain/stock.ts'
import type { CURRENCIES } from '../../domain/money.ts'
import type { Versioned } from '../../storage/store.ts'
import type { Deps } from '../lib/deps.ts'
import { owing } from '../lib/derived.ts'
import { apiError, fieldError, notFound } from '../lib/errors.ts'
import { streamedForm } from '../lib/multipart.ts'
import { joinBytes, utf8OrWindows1252 } from '../../domain/bytes.ts'
import { MESSAGES, type MessageCode } from '../../domain/messages.ts'
import { PRICE_LIST_MAX_ROWS, readPriceList } from '../../domain/price-list.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { productStore, settleStockMove, stockHome, stockMoves } from '../lib/stock.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { callerOf, ok, resourceRoutes, type Caller, type ResourceServer, type ResourceSource } from '../lib/resource.ts'

/** A product as read: its record, with where stock counted before branches is held and the company's currency. */
type ReadProduct = StockedProduct & { home: number; currency: (typeof CURRENCIES)[number] }

/** The record alone, whatever was read with it. */
const recordOf = ({ home: _home, currency: _currency, ...product }: ReadProduct): StockedProduct => product

const round2 = (n: number) => Math.round(n * 100) / 100

/** What the form changes, in the inventory's shape: prices in the currency's units, the price with its tax. */
function withInput(product: StockedProduct, input: Partial<ProductInput>): StockedProduct {
  const basePrice = input.unitPrice !== undefined ? input.unitPrice / 100 : Number(product.basePrice || 0)
  const taxPercent = input.taxPercent ?? Number(product.taxPercent || 0)
  return {
    ...product,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.sku !== undefined ? { sku: input.sku } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.unit !== undefined ? { unit: input.unit } : {}),
    ...(input.minimum !== undefined ? { minimum: input.minimum } : {}),
    ...(input.cost !== undefined ? { cost: input.cost / 100 } : {}),
    basePrice,
    taxPercent,
    price: round2(basePrice * (1 + taxPercent / 100)),
  }
}

/** A product made on the products page (or by a price list's row): active, counted in no branch yet. */
const newProduct = (id: string, input: ProductInput): StockedProduct =>
  withInput(
    { ...blankProduct(id), stock: 0, reserved: 0, thumbnail: null, active: true, unit: 'unit', minimum: 0, stocks: {} },
    input,
  )

/** The most moves a product's list answers: the latest. */
const MOVES_SHOWN = 200
const idParam = z.object({ id: z.uuid() })

/**
 * cd_produto (docs/domain.md): the company's products over the inventory's records, each with the
 * current branch's stock; stock is received and counted again per branch, each move kept.
 */
export function cdProdutoRoutes(deps: Deps) {
  const tags = ['cd_produto']
  const contextOf = async (who: Caller) => {
    const [company, home] = await Promise.all([
      deps.repos.companies.find(who.tenant.empresa),
      stockHome(deps, who.tenant.empresa),
    ])
    return { home, currency: company?.CURRENCY ?? 'BRL' }
  }
  const read = async (who: Caller, hit: Versioned<StockedProduct> | null): Promise<Versioned<ReadProduct> | null> =>
    hit && { ...hit, value: { ...hit.value, ...(await contextOf(who)) } }
  const source: ResourceSource<ReadProduct, string> = {
    async list(who) {
      const [all, more] = await Promise.all([productStore(deps, who.tenant.empresa).rows(), contextOf(who)])
      return [...all.values()].map((p) => ({ ...p, ...more }))
    },
    find: async (who, id) => read(who, await productStore(deps, who.tenant.empresa).get(id)),
    insert: async (who, product) =>
      (await read(who, await productStore(deps, who.tenant.empresa).put(recordOf(product))))!,
    // what is read with the record is read once, never inside its atomic write (run again on a race)
    async update(who, id, change, expectVersion) {
      const more = await contextOf(who)
      const saved = await productStore(deps, who.tenant.empresa).update(
        id,
        (current) => recordOf(change({ ...current, ...more })),
        { expectVersion },
      )
      return saved && { ...saved, value: { ...saved.value, ...more } }
    },
  }

  const server = {
    toRow: (p, who) => {
      const stock = branchStock(p, who.tenant.filial, p.home)
      const minimum = p.minimum ?? 0
      return {
        id: p.id,
        name: p.name,
        sku: p.sku,
        unit: p.unit ?? 'unit',
        unitPrice: productCents(p.basePrice),
        cost: productCents(p.cost),
        taxPercent: Number(p.taxPercent || 0),
        minimum,
        description: p.description,
        currency: p.currency,
        stock,
        totalStock: counted(p) ? Object.values(stocksOf(p, p.home)).reduce((a, b) => a + b, 0) : null,
        level: stock === null ? 'untracked' : minimum > 0 && stock < minimum ? 'low' : 'ok',
        active: p.active,
      }
    },
    idOf: (p) => p.id,
    source,
    create: {
      make: async (who, input) => ({ ...newProduct(who.newId(), input), ...(await contextOf(who)) }),
    },
    edit: { apply: (_who, current, input) => ({ ...current, ...withInput(recordOf(current), input) }) },
    deactivate: { set: (_who, current, active) => ({ ...current, active }) },
  } satisfies ResourceServer<typeof products, ReadProduct>

  /**
   * A price list's rows written (docs/domain.md cd_produto): a row whose SKU a product has changes
   * it (so the same file sent twice makes its products once), another makes one (its id the
   * request's next: a retry of the same Idempotency-Key writes the same products). Each change is
   * the product's own atomic write: a stock moved meanwhile stays.
   */
  async function importRows(who: Caller, rows: Array<{ input: ProductInput; given: Partial<ProductInput> }>) {
    const store = productStore(deps, who.tenant.empresa)
    // one id per row, drawn first: a retry of the same request gives each row the same id, whatever it finds
    const ids = rows.map(() => who.newId())
    const bySku = new Map(
      [...(await store.rows()).values()].filter((p) => p.sku.trim()).map((p) => [p.sku.trim().toUpperCase(), p.id]),
    )
    const made: StockedProduct[] = []
    let updated = 0
    for (const [i, { input, given }] of rows.entries()) {
      const id = input.sku ? bySku.get(input.sku.toUpperCase()) : undefined
      // a product of the row's SKU takes the columns the file has, and keeps its SKU as it was written
      if (id && (await store.update(id, (current) => withInput(current, { ...given, sku: current.sku })))) updated++
      else made.push(newProduct(ids[i], input))
    }
    await store.putMany(made)
    return { created: made.length, updated }
  }

  return resourceRoutes(deps, products, server, (app) =>
    app
      .post(
        '/import',
        doc({
          operationId: 'importPriceList',
          summary: 'Import a price list (CSV)',
          description: `A CSV file (multipart: \`file\`, at most 5 MB, 413 beyond; UTF-8 or Windows-1252; "," or ";" between fields) with a heading row naming its columns in en, es or pt — at least the name and the price, and any of SKU, unit, cost, tax, minimum, description — and up to ${PRICE_LIST_MAX_ROWS} products, amounts as a spreadsheet writes them ("1.234,56" or "1,234.56"). Each row is checked as a product's create is; a row whose SKU a product of the company has changes that product, another makes one. \`mode=all\` (default): nothing is written unless every row is right, else 400 \`price_list_rows\` with each wrong field at \`line.<line>.<field>\` (the heading is line 1); \`mode=valid\`: the right rows are written and the others answered in \`skipped\`. 400 \`price_list_empty\`, \`price_list_columns\`, \`price_list_too_long\` at \`file\`; a SKU twice in the file is \`price_list_sku_twice\`. Sent again with the same Idempotency-Key it writes the same products. Needs the cd_produto page at edit.`,
          tags,
          responses: { 200: wrapper(priceListAnswer), 400: apiErrorSchema, 413: apiErrorSchema },
        }),
        requireTenant(deps),
        streamedForm(priceListForm),
        async (c) => {
          const who = callerOf(deps, c)
          const { file, mode } = c.req.valid('form')
          const list = readPriceList(utf8OrWindows1252(joinBytes(file.chunks)))
          if (list.refused) {
            const message = list.line ? `${MESSAGES[list.refused]} (line ${list.line})` : MESSAGES[list.refused]
            throw apiError(400, message, { file: [message] }, { code: list.refused, codes: { file: list.refused } })
          }
          // a SKU names one product: a second row of it is wrong
          const seen = new Set<string>()
          const rows = list.rows.map((row) => {
            const sku = row.input?.sku.toUpperCase()
            if (!sku) return row
            if (seen.has(sku)) return { line: row.line, codes: { sku: 'price_list_sku_twice' } }
            seen.add(sku)
            return row
          })
          const wrong = rows.filter((r) => r.codes !== undefined)
          if (wrong.length && mode === 'all') {
            const fields: Record<string, string[]> = {}
            const codes: Record<string, string> = {}
            for (const row of wrong)
              for (const [field, code] of Object.entries(row.codes!)) {
                const path = `line.${row.line}.${field}`
                fields[path] = [MESSAGES[code as MessageCode] ?? code]
                codes[path] = code
              }
            throw apiError(400, MESSAGES.price_list_rows, fields, { code: 'price_list_rows', codes })
          }
          const good = rows.flatMap((r) => (r.input ? [{ input: r.input, given: r.given }] : []))
          const written = await importRows(who, good)
          return c.json(
            ok(
              { ...written, skipped: wrong.map((r) => ({ line: r.line, codes: r.codes! })) },
              `${written.created + written.updated} products imported`,
            ),
          )
        },
      )
      .get(
        '/:id/stock',
        doc({
          operationId: 'listProductStockMoves',
          summary: 'A product’s stock moves in the current branch',
          description: `What moved one product’s stock in the caller’s current branch, the latest first, at most ${MOVES_SHOWN}: received, used on a visit (with its order), returned from one, adjusted (with the reason). 404 when the company holds no such product. Needs the cd_produto page at view.`,
          tags,
          responses: { 200: wrapper(z.array(stockMoveRow)), 404: apiErrorSchema },
        }),
        requireTenant(deps),
        valid('param', idParam),
        async (c) => {
          const who = callerOf(deps, c)
          const { id } = c.req.valid('param')
          if (!(await productStore(deps, who.tenant.empresa).get(id))) throw notFound('Product')
          const moves = [...(await stockMoves(deps, who.tenant.empresa).rows()).values()]
            .filter((m) => m.productId === id && m.filial === who.tenant.filial)
            .sort((a, b) => b.at.localeCompare(a.at))
            .slice(0, MOVES_SHOWN)
          return c.json(ok(moves.map(({ productId: _product, ...row }) => row)))
        },
      )
      .post(
        '/:id/stock',
        doc({
          operationId: 'moveProductStock',
          summary: 'Receive stock, or count it again',
          description:
            'Stock of one product in the caller’s current branch: `received` adds what came in (the supplier or its invoice in `reason`); `adjusted` adds what a count found more (positive) or missing (negative), with its `reason`. Once: sent again with the same Idempotency-Key it is the same move. A branch taken under the product’s minimum tells who may restock there. 404 when the company holds no such product. Needs the cd_produto page at edit.',
          tags,
          responses: { 200: wrapper(stockMoveRow), 404: apiErrorSchema },
          example: { kind: 'received', quantity: 24, reason: 'NF 4471, Frigelar' },
        }),
        requireTenant(deps),
        valid('param', idParam),
        valid('json', stockMoveInput),
        async (c) => {
          const who = callerOf(deps, c)
          const { empresa, filial } = who.tenant
          const { id } = c.req.valid('param')
          const input = c.req.valid('json')
          if (!(await productStore(deps, empresa).get(id))) throw notFound('Product')
          if (input.quantity === 0) throw fieldError('quantity', 'stock_adjust_zero')
          const moves = stockMoves(deps, empresa)
          // run again after a crash lost its answer: the move it made has the same id (bff/lib/idempotency.ts recordIds)
          const moveId = who.newId()
          const earlier = await moves.get(moveId)
          // a retry whose move was stored: its count follows now if its settling failed (once: the move's id)
          if (earlier) await settleStockMove(deps, { tenant: who.tenant, user: who.user }, moveId)
          const { productId: _product, ...row } =
            earlier?.value ??
            (await (async () => {
              const move: StockMoveRecord = {
                id: moveId,
                productId: id,
                filial,
                kind: input.kind,
                quantity: input.quantity,
                reason: input.reason,
                by: who.user.name,
                at: new Date(deps.now()).toISOString(),
              }
              // the product's count follows from it (the derived fact "stock-move", bff/lib/derived.ts)
              await owing(deps, { tenant: who.tenant, user: who.user }, 'stock-move', moveId, () => moves.put(move))
              return move
            })())
          return c.json(ok(row, input.kind === 'received' ? 'Stock received' : 'Stock adjusted'))
        },
      ),
  )
}
