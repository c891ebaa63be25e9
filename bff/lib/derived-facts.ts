import type { Debt } from '../../storage/repositories/owed.ts'
import type { Deps } from './deps.ts'
import { OWED_LEASE_MS, type Fact, type Owner, type Settler } from './derived.ts'
import { scheduling } from './scheduling.ts'
import { visitWork } from './visit-work.ts'
import { invoicing } from './invoicing.ts'
import { reports } from './reports.ts'
import { payables } from './payables.ts'
import { settleStockMove } from './stock.ts'

/** The settling of what writes owe (bff/lib/derived.ts), for every derived fact. */
export type DerivedFacts = {
  /**
   * `fact` of record `id` brought to what its sources say when a write owes it (nothing to do, one
   * read, when none does); the debts of `own` and those whose writes are over are paid. `own`: the
   * write that just ended, whose settling runs even when another paid its debt meanwhile (a write
   * slower than the lease). True when the fact changed.
   */
  settle(empresa: number, fact: Fact, id: string, own?: { token: string; owner: Owner }): Promise<boolean>
  /**
   * Every fact owed, of every company, settled: at a start, where a crash may have left some, and
   * every OWED_LEASE_MS where processes share the data (`startReconciler`). `all`: this process is
   * the data's one writer, so no debt's write is still running and every one is paid. Answers how
   * many facts it changed; one that fails is logged and left for the next run.
   */
  reconcile(all: boolean): Promise<number>
}

export function derivedFacts(deps: Deps): DerivedFacts {
  const plan = scheduling(deps)
  const work = visitWork(deps)
  const billing = invoicing(deps)
  const figures = reports(deps)
  const bills = payables(deps)
  const settlers: Record<Fact, Settler> = {
    // an order's status, and what its technicians did, from its visits
    'order-status': async (owner, id) => {
      const changed = await plan.deriveOrder(owner, id)
      await figures.settleVisitsOf(owner.tenant.empresa, id)
      return changed
    },
    'visit-parts': async (owner, id, debts) => {
      const changed = await work.settleParts(owner, id, debts)
      const visit = await plan.visits(owner.tenant.empresa).get(id)
      if (visit) await figures.settleVisitsOf(owner.tenant.empresa, visit.value.orderId)
      return changed
    },
    'invoice-orders': (owner, id, debts) => billing.settleClaims(owner, id, debts),
    invoice: async (owner, id) =>
      (await figures.settleInvoice(owner.tenant.empresa, id)) && billing.freeVoid(owner, id),
    payable: async (owner, id) => (await figures.settlePayable(owner.tenant.empresa, id)) && bills.makeNext(owner, id),
    transfer: (owner, id) => figures.settleTransfer(owner.tenant.empresa, id),
    quote: (owner, id) => figures.settleQuote(owner.tenant.empresa, id),
    'stock-move': (owner, id) => settleStockMove(deps, owner, id),
  }
  /** The facts of a visit's writes: a write of unknown outcome may have left the visits' indexes and the boards behind. */
  const ofVisits = new Set<Fact>(['order-status', 'visit-parts'])
  /** The owner of a settling: the latest write that owed it. */
  const ownerOf = (empresa: number, debts: Debt[]): Owner => {
    const last = debts.reduce((a, b) => (b.at > a.at ? b : a))
    return { tenant: { empresa, filial: last.filial }, user: last.by }
  }

  /** Settles one fact; `refreshed`: the companies whose visits' indexes a run read again already. */
  async function settle(
    empresa: number,
    fact: Fact,
    id: string,
    own?: { token: string; owner: Owner },
    all = false,
    refreshed = new Set<number>(),
  ) {
    const owed = await deps.repos.owed.find(empresa, fact, id)
    const debts = owed?.debts ?? []
    if (!debts.length && !own) return false
    const owner = debts.length ? ownerOf(empresa, debts) : own!.owner
    const over = (d: Debt) => all || d.token === own?.token || deps.now() - d.at > OWED_LEASE_MS
    // another write's debt that is over: it may have died with its outcome unknown, before the
    // visits' indexes heard of it; they are read again (once per run), and the boards told (one
    // still running tells them itself)
    const others = ofVisits.has(fact) && debts.some((d) => d.token !== own?.token && over(d))
    if (others && !refreshed.has(empresa)) {
      await plan.visits(empresa).refresh()
      refreshed.add(empresa)
    }
    const changed = await settlers[fact](owner, id, debts.filter(over))
    if (others) await plan.changed(owner)
    await deps.repos.owed.pay(
      empresa,
      fact,
      id,
      debts.filter(over).map((d) => d.token),
    )
    return changed
  }

  return {
    settle: (empresa, fact, id, own) => settle(empresa, fact, id, own),
    async reconcile(all) {
      let changed = 0
      const refreshed = new Set<number>()
      for (const owed of await deps.repos.owed.all()) {
        if (!(owed.fact in settlers)) continue
        try {
          if (await settle(owed.empresa, owed.fact as Fact, owed.id, undefined, all, refreshed)) changed++
        } catch (error) {
          deps.log.error(`${owed.fact} of ${owed.id} could not be settled: the next run tries again`, error)
        }
      }
      return changed
    },
  }
}

/**
 * Where processes share the data (redis, KV): the facts a process that died left owed are settled
 * by the others every OWED_LEASE_MS, once its debts are over — not only at a start. Answers how to
 * stop it.
 */
export function startReconciler(deps: Deps, shared: boolean): () => void {
  if (!shared) return () => undefined
  let running: Promise<unknown> = Promise.resolve()
  const every = setInterval(() => {
    running = running
      .then(() => deps.derived.reconcile(false))
      .catch((error: unknown) => deps.log.error('derived facts: the reconciler failed', error))
  }, OWED_LEASE_MS)
  ;(every as { unref?: () => void }).unref?.()
  return () => clearInterval(every)
}
