import type { Debt } from '../../storage/repositories/owed.ts'
import type { Deps } from './deps.ts'
import { OWED_LEASE_MS, type Fact, type Owner, type Settler } from './derived.ts'
import { scheduling } from './scheduling.ts'
import { visitWork } from './visit-work.ts'
import { invoicing } from './invoicing.ts'
import { reports } from './reports.ts'

/** The settling of what writes owe (bff/lib/derived.ts), for every derived fact. */
export type DerivedFacts = {
  /**
   * `fact` of record `id` brought to what its sources say when a write owes it (nothing to do, one
   * read, when none does); the debts of `mine` and those whose writes are over are paid. True when
   * the fact changed.
   */
  settle(empresa: number, fact: Fact, id: string, mine?: string[]): Promise<boolean>
  /**
   * Every fact owed, of every company, settled: at a start, where a crash may have left some. `all`:
   * this process is the data's one writer, so no debt's write is still running and every one is paid.
   */
  reconcile(all: boolean): Promise<number>
}

export function derivedFacts(deps: Deps): DerivedFacts {
  const plan = scheduling(deps)
  const work = visitWork(deps)
  const billing = invoicing(deps)
  const figures = reports(deps)
  const settlers: Record<Fact, Settler> = {
    'order-status': (owner, id) => plan.deriveOrder(owner, id),
    'visit-parts': (owner, id, debts) => work.settleParts(owner, id, debts),
    'invoice-orders': (owner, id, debts) => billing.settleClaims(owner, id, debts),
    'invoice-figures': (owner, id) => figures.settleInvoice(owner.tenant.empresa, id),
  }
  /** The facts of a visit's writes: a write of unknown outcome may have left the visits' indexes and the boards behind. */
  const ofVisits = new Set<Fact>(['order-status', 'visit-parts'])
  /** The owner of a settling: the latest write that owed it. */
  const ownerOf = (empresa: number, debts: Debt[]): Owner => {
    const last = debts.reduce((a, b) => (b.at > a.at ? b : a))
    return { tenant: { empresa, filial: last.filial }, user: last.by }
  }

  async function settle(empresa: number, fact: Fact, id: string, mine: string[] = [], all = false) {
    const owed = await deps.repos.owed.find(empresa, fact, id)
    if (!owed?.debts.length) return false
    const owner = ownerOf(empresa, owed.debts)
    const over = (d: Debt) => all || mine.includes(d.token) || deps.now() - d.at > OWED_LEASE_MS
    // another write's debt that is over: it may have died with its outcome unknown, before the
    // visits' indexes heard of it; they are read again, and the boards told (one still running
    // tells them itself)
    const others = ofVisits.has(fact) && owed.debts.some((d) => !mine.includes(d.token) && over(d))
    if (others) await plan.visits(empresa).refresh()
    const changed = await settlers[fact](owner, id, owed.debts.filter(over))
    if (others) await plan.changed(owner)
    await deps.repos.owed.pay(
      empresa,
      fact,
      id,
      owed.debts.filter(over).map((d) => d.token),
    )
    return changed
  }

  return {
    settle: (empresa, fact, id, mine) => settle(empresa, fact, id, mine),
    async reconcile(all) {
      let settled = 0
      for (const owed of await deps.repos.owed.all()) {
        if (!(owed.fact in settlers)) continue
        await settle(owed.empresa, owed.fact as Fact, owed.id, [], all)
        settled++
      }
      return settled
    },
  }
}
