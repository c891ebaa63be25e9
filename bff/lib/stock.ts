import { branchStock, fellBelowMinimum, withMove } from '../../domain/stock.ts'
import { PRODUCTS, STOCK_MOVES, type StockedProduct, type StockMoveRecord } from '../../domain/schemas/products.ts'
import type { Deps } from './deps.ts'
import type { Owner } from './derived.ts'
import { noticeToMembers } from './member-notice.ts'

/**
 * Where a product's stock counted before branches kept their own (the inventory's alone) is held:
 * the company's main branch (its first when none is marked).
 */
export async function stockHome(deps: Deps, empresa: number): Promise<number> {
  const branches = await deps.repos.companies.branches(empresa)
  return (branches.find((b) => b.FLG_PRINCIPAL === 'S') ?? branches[0])?.COD_FILIAL ?? 1
}

/**
 * A company's products whole, in the inventory's collection: an index of its own beside the
 * inventory's compact rows (storage/repositories/products.ts), each current by the collection's generation.
 */
export const productStore = (deps: Deps, empresa: number) =>
  deps.repos.indexed<StockedProduct, StockedProduct>(empresa, PRODUCTS, (p) => p, 'records')

/** A company's stock moves, each product's in every branch. */
export const stockMoves = (deps: Deps, empresa: number) => deps.repos.collection<StockMoveRecord>(empresa, STOCK_MOVES)

/**
 * A product's stock changed in branch `filial` by `change` (one atomic write of the product, which
 * applies a move once: its id among the product's moves). When it takes the branch from its
 * minimum to under it, who may restock there is told (docs/domain.md cd_produto); a notice that
 * fails is logged, the stock stays moved.
 */
export async function changeStock(
  deps: Deps,
  owner: Owner,
  productId: string,
  filial: number,
  change: (product: StockedProduct, where: { filial: number; home: number }) => StockedProduct,
) {
  const { empresa } = owner.tenant
  const home = await stockHome(deps, empresa)
  let before: StockedProduct | undefined
  const saved = await productStore(deps, empresa).update(productId, (current) => {
    before = current
    return change(current, { filial, home })
  })
  const after = saved?.value
  if (before && after && fellBelowMinimum(before, after, filial, home)) {
    const branch = await deps.repos.companies.findBranch(empresa, filial)
    await noticeToMembers(
      deps,
      { empresa, filial, page: 'cd_produto', level: 'edit' },
      {
        icon: 'heroicons_mini:exclamation-triangle',
        text: {
          key: 'notice_stock_low',
          values: {
            product: after.name,
            stock: String(branchStock(after, filial, home)),
            minimum: String(after.minimum),
            branch: branch?.NOM_FILIAL ?? String(filial),
          },
        },
        link: `/view/cd_produto/${encodeURIComponent(productId)}`,
      },
    ).catch((error: unknown) => deps.log.error('the low stock notice failed', error))
  }
  return saved
}

/**
 * The settling of the derived fact "stock-move" (bff/lib/derived.ts): a move received or adjusted
 * brought to its product's stock, once however often it runs (the move's id among the product's).
 */
export async function settleStockMove(deps: Deps, owner: Owner, id: string): Promise<boolean> {
  const move = (await stockMoves(deps, owner.tenant.empresa).get(id))?.value
  if (!move) return false
  const saved = await changeStock(deps, owner, move.productId, move.filial, (p, where) => withMove(p, where, move))
  return saved !== null
}
