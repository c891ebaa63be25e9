import { dateIn } from '../../domain/dates.ts'
import type { StoredOrder } from '../../domain/schemas/orders.ts'
import { MAX_PAYMENTS, paidOf, type PaymentInput, type PaymentRecord } from '../../domain/schemas/payments.ts'
import type { StoredQuote } from '../../domain/schemas/quotes.ts'
import type { Versioned } from '../../storage/store.ts'
import { paymentAccount } from './accounts.ts'
import type { Deps } from './deps.ts'
import { fieldError, notFound, ruleError } from './errors.ts'
import { quoteSource, quoteStore } from './quote-store.ts'
import { changeRecord, type Caller } from './resource.ts'

/** Who a deposit's payment or reversal names: a person of the office, or the card provider. */
type By = { id: string; name: string }

/**
 * A quote's deposit (docs/domain.md "Deposits"): payments the client makes once they approved,
 * recorded on the quote by the office or the card provider — each once (its id), never above what
 * is left of the total, reversed with a reason and never deleted. The invoice of the quote's order
 * is credited with them when it is made (`credit`); from then until that invoice is voided they are
 * the invoice's, and the quote takes no payment and no reversal.
 */
export function deposits(deps: Deps) {
  const source = quoteSource(deps)

  /** The quote with one more deposit payment, when it takes it (run again on the latest: the same id is taken once). */
  function withDeposit(q: StoredQuote, payment: PaymentRecord): StoredQuote {
    const list = q.deposits ?? []
    if (list.some((p) => p.id === payment.id)) return q
    if (q.status !== 'approved' && q.status !== 'converted') throw ruleError(409, 'quote_not_approved')
    // its order's invoice holds the deposit: money is paid there (checked in the write that would add it)
    if (q.creditedTo) throw ruleError(409, 'deposit_billed')
    if (payment.amount > q.totals.total - paidOf(list)) throw ruleError(409, 'deposit_above_total')
    if (list.length >= MAX_PAYMENTS) throw ruleError(409, 'too_many_payments')
    return { ...q, deposits: [...list, payment] }
  }

  /** Writes a change of the quote's deposit with its timeline line (bff/lib/resource.ts changeRecord). */
  const write = (
    empresa: number,
    by: By,
    id: string,
    action: string,
    expected: { version: number; retry: boolean },
    change: (q: StoredQuote) => StoredQuote,
  ): Promise<Versioned<StoredQuote>> =>
    changeRecord(
      deps,
      { empresa, module: 'cd_cotacao', id },
      quoteStore(deps, empresa),
      { by, action },
      expected,
      change,
      () => notFound('Quote'),
    )

  /** The quote the caller may read, with what a change of it expects (If-Match, or the version read). */
  async function changeable(who: Caller, id: string, ifMatch: number | undefined) {
    const hit = await source.find(who, id)
    if (!hit) throw notFound('Quote')
    return { hit, expected: { version: ifMatch ?? hit.version, retry: ifMatch === undefined } }
  }

  return {
    withDeposit,
    write,
    /** Records a deposit payment of the office; a retry of the same request (its payment id) records it once. */
    async pay(who: Caller, id: string, input: PaymentInput, ifMatch: number | undefined) {
      const { hit, expected } = await changeable(who, id, ifMatch)
      const day = dateIn(hit.value.timeZone, deps.now())
      if (input.date && input.date > day) throw fieldError('date', 'payment_in_future')
      const payment: PaymentRecord = {
        id: who.newId(),
        date: input.date ?? day,
        amount: input.amount,
        method: input.method,
        reference: input.reference,
        note: input.note,
        by: who.user.name,
        at: new Date(deps.now()).toISOString(),
        reversed: null,
        accountId: await paymentAccount(deps, who.tenant.empresa, input.method, input.accountId),
      }
      return write(who.tenant.empresa, who.user, id, 'deposit', expected, (q) => withDeposit(q, payment))
    },
    /** Reverses a deposit payment with a reason while no invoice is credited with it: it stays, marked. */
    async reverse(who: Caller, id: string, paymentId: string, reason: string, ifMatch: number | undefined) {
      const { hit, expected } = await changeable(who, id, ifMatch)
      if (!(hit.value.deposits ?? []).some((p) => p.id === paymentId)) throw notFound('Payment')
      const at = new Date(deps.now()).toISOString()
      return write(who.tenant.empresa, who.user, id, 'deposit_reversed', expected, (q) => {
        const target = (q.deposits ?? []).find((p) => p.id === paymentId)
        if (!target) throw notFound('Payment')
        if (target.reversed) throw ruleError(409, 'payment_reversed')
        // the invoice credited with it holds it: void the invoice first
        if (q.creditedTo) throw ruleError(409, 'deposit_billed')
        return {
          ...q,
          deposits: (q.deposits ?? []).map((p) =>
            p.id === paymentId ? { ...p, reversed: { reason, by: who.user.name, at } } : p,
          ),
        }
      })
    },
    /**
     * The deposits paid on the quotes of `orders`, as the payments the invoice `invoiceId` billing them
     * is credited with: each quote marked credited to it in the same write that reads its payments
     * (so none is recorded or reversed on the quote meanwhile), each payment as it was paid, marked
     * with its quote's number (the same ids: an invoice made again copies the same payments).
     */
    async credit(empresa: number, invoiceId: string, orders: StoredOrder[]): Promise<PaymentRecord[]> {
      const store = quoteStore(deps, empresa)
      const credited: PaymentRecord[] = []
      for (const id of new Set(orders.flatMap((o) => (o.quoteId ? [o.quoteId] : [])))) {
        // marked even with nothing paid yet: what the client pays from now on is paid on the invoice
        const saved = await store.update(id, (q) => (q.creditedTo === invoiceId ? q : { ...q, creditedTo: invoiceId }))
        for (const p of saved?.value.deposits ?? [])
          if (!p.reversed) credited.push({ ...p, deposit: saved!.value.number })
      }
      return credited
    },
    /** The deposits of the quotes of `orders` are no longer `invoiceId`'s (it was voided, or never written). */
    async uncredit(empresa: number, invoiceId: string, orders: StoredOrder[]) {
      const store = quoteStore(deps, empresa)
      for (const id of new Set(orders.flatMap((o) => (o.quoteId ? [o.quoteId] : []))))
        await store.update(id, (q) => (q.creditedTo === invoiceId ? { ...q, creditedTo: null } : q))
    },
  }
}
