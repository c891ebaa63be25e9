import { keys } from '../keys.ts'
import type { Store } from '../store.ts'

/**
 * One write's debt to a derived fact (docs/domain.md "Derived facts"): stored before the write, paid
 * once what follows from it is settled. `part`, `orders`: what the write takes before the record
 * it is for is written (see each).
 */
export type Debt = {
  token: string
  at: number
  filial: number
  by: { id: string; name: string }
  part?: { id: string; productId: string; quantity: number }
  /** The orders an invoice claims before it is written (what settling gives back when it never was). */
  orders?: string[]
}

/** The debts to one fact of one record of a company. */
export type Owed = { empresa: number; fact: string; id: string; debts: Debt[] }

/** Whether a debt is paid by `tokens` (the debts a settling saw). */
const paidBy = (tokens: string[]) => (d: Debt) => tokens.includes(d.token)

/**
 * The derived facts writes moved the sources of and that are not settled yet, one record per fact
 * of a record (an order's status, a visit's parts), all in one level so a restart lists them at once.
 */
export function owedRepository(store: Store) {
  return {
    async add(empresa: number, fact: string, id: string, debt: Debt): Promise<void> {
      await store.update<Owed>(keys.owed(empresa, fact, id), (cur) => ({
        empresa,
        fact,
        id,
        debts: [...(cur?.value.debts ?? []).filter((d) => d.token !== debt.token), debt],
      }))
    },
    /** The debts of `tokens` paid: the record goes with its last debt. */
    async pay(empresa: number, fact: string, id: string, tokens: string[]): Promise<void> {
      if (!tokens.length) return
      await store.update<Owed>(keys.owed(empresa, fact, id), (cur) => {
        if (!cur) return undefined
        const debts = cur.value.debts.filter((d) => !paidBy(tokens)(d))
        return debts.length ? { ...cur.value, debts } : undefined
      })
    },
    async find(empresa: number, fact: string, id: string): Promise<Owed | null> {
      return (await store.get<Owed>(keys.owed(empresa, fact, id)))?.value ?? null
    },
    /** Every fact owed, of every company. */
    async all(): Promise<Owed[]> {
      const ids = await store.children(keys.owedAll())
      const found = await store.getMany<Owed>(ids.map((id) => `${keys.owedAll()}:${id}`))
      return found.flatMap((hit) => (hit ? [hit.value] : []))
    },
  }
}
