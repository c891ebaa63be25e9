import type { StockedProduct } from './schemas/products.ts'

/** How many moves a product remembers: far more than the parts one visit can be retried with. */
const MOVES_KEPT = 500

const round = (n: number) => Math.round(n * 1000) / 1000

/**
 * A product's stock by branch (docs/domain.md cd_produto). One counted before branches kept their
 * own (the inventory's `stock` alone) is its home branch's: the company's main one.
 */
export function stocksOf(product: StockedProduct, home: number): Record<string, number> {
  if (product.stocks) return product.stocks
  return typeof product.stock === 'number' ? { [home]: product.stock } : {}
}

/** Whether a product's stock is counted: the inventory's may be left blank, the products page counts from 0. */
export const counted = (product: StockedProduct) => product.stocks !== undefined || typeof product.stock === 'number'

/**
 * A branch's stock of a product; null while the branch does not count it: until it first receives
 * or counts it (a part used there then takes nothing, and is never refused for want of stock).
 */
export const branchStock = (product: StockedProduct, filial: number, home: number): number | null =>
  stocksOf(product, home)[filial] ?? null

/** The product with `delta` moved in branch `filial` and its moves `moves`; a part moves only a branch that counts it. */
function moved(
  product: StockedProduct,
  where: { filial: number; home: number },
  delta: number,
  moves: string[],
  count: boolean,
): StockedProduct {
  const stockMoves = moves.slice(-MOVES_KEPT)
  if (!count && branchStock(product, where.filial, where.home) === null) return { ...product, stockMoves }
  const stocks = { ...stocksOf(product, where.home) }
  stocks[where.filial] = round((stocks[where.filial] ?? 0) + delta)
  const stock = round(Object.values(stocks).reduce((a, b) => a + b, 0))
  return { ...product, stocks, stock, stockMoves }
}

/** A move of `quantity` (signed) applied once: its id among the product's moves. Receiving or counting starts the branch's count. */
export function withMove(
  product: StockedProduct,
  where: { filial: number; home: number },
  move: { id: string; quantity: number },
): StockedProduct {
  const moves = product.stockMoves ?? []
  if (moves.includes(move.id)) return product
  return moved(product, where, move.quantity, [...moves, move.id], true)
}

/** A visit's part taken out of the stock (`take`) or put back, once each (docs/domain.md cd_techorders). */
export function withPart(
  product: StockedProduct,
  where: { filial: number; home: number },
  part: { id: string; quantity: number },
  take: boolean,
): StockedProduct {
  const moves = product.stockMoves ?? []
  const [took, back] = [part.id, `${part.id}:back`]
  if (take ? moves.includes(took) : !moves.includes(took) || moves.includes(back)) return product
  return moved(product, where, take ? -part.quantity : part.quantity, [...moves, take ? took : back], false)
}

/** A take of `part` undone as if never made (its visit refused the part): the stock back, the move forgotten. */
export function withoutTake(
  product: StockedProduct,
  where: { filial: number; home: number },
  part: { id: string; quantity: number },
): StockedProduct {
  const moves = product.stockMoves ?? []
  if (!moves.includes(part.id) || moves.includes(`${part.id}:back`)) return product
  return moved(
    product,
    where,
    part.quantity,
    moves.filter((m) => m !== part.id),
    false,
  )
}

/** Whether a move took a branch's stock from at least its minimum to under it (what the office is told of). */
export function fellBelowMinimum(before: StockedProduct, after: StockedProduct, filial: number, home: number) {
  const minimum = after.minimum ?? 0
  const [was, is] = [branchStock(before, filial, home), branchStock(after, filial, home)]
  return minimum > 0 && was !== null && is !== null && was >= minimum && is < minimum
}

/**
 * The inventory API's count set (the whole company's, docs/demo-apis.md §7): what it adds or takes
 * is the home branch's; a blank one stops the count.
 */
export function withCompanyCount(product: StockedProduct, stock: number | '', home: number): StockedProduct {
  if (stock === '') {
    const { stocks: _stocks, ...rest } = product
    return { ...rest, stock }
  }
  const stocks = { ...stocksOf(product, home) }
  const total = Object.values(stocks).reduce((a, b) => a + b, 0)
  stocks[home] = round((stocks[home] ?? 0) + stock - total)
  return { ...product, stocks, stock }
}
