import { HTTPException } from 'hono/http-exception'
import { addDays, dateIn } from '../../domain/dates.ts'
import { documentTotals, type LineInput } from '../../domain/document-lines.ts'
import { minutesOnSite } from '../../domain/schemas/appointments.ts'
import { addressLine } from '../../domain/schemas/clients.ts'
import { DEFAULT_DUE_DAYS, paidStatus, type InvoiceInput, type StoredInvoice } from '../../domain/schemas/invoices.ts'
import { MAX_PAYMENTS, paidOf, type PaymentRecord, type PaymentInput } from '../../domain/schemas/payments.ts'
import type { StoredOrder } from '../../domain/schemas/orders.ts'
import { ConflictError, StorageUnavailableError } from '../../storage/errors.ts'
import type { Deps } from './deps.ts'
import { paymentAccount } from './accounts.ts'
import { blankDocument } from './document-store.ts'
import { documentPricing } from './document-pricing.ts'
import { apiError, fieldError, notFound, ruleError } from './errors.ts'
import { invoiceSource, invoiceStore } from './invoice-store.ts'
import { clientCulture, orderSource, orderStore } from './order-store.ts'
import { changeRecord, withActivityLine, type Caller } from './resource.ts'
import { scheduling } from './scheduling.ts'
import { deposits } from './deposits.ts'
import { owe, settleOwn, type Owner } from './derived.ts'
import type { Debt } from '../../storage/repositories/owed.ts'

/** An order claimed for an invoice that was never written (its process died) is free again after this long. */
const CLAIM_GRACE_MS = 30_000

/** Who an invoice's payment or void names: a person of the office, or the card provider. */
type By = { id: string; name: string }

/**
 * How invoices are made and paid (docs/domain.md cd_invoice): from completed orders of one client
 * (each claimed once: the order becomes invoiced and names the invoice) or by hand, priced by the
 * rules every document uses; issued with a due date; paid by payments never above what is open,
 * each once (its id), reversed with a reason and never deleted; voided with a reason while nothing
 * is paid, which frees its orders.
 */
export function invoicing(deps: Deps) {
  const source = invoiceSource(deps)
  const orders = orderSource(deps)
  const plan = scheduling(deps)
  const { clientOf, priced } = documentPricing(deps)
  const today = (i: Pick<StoredInvoice, 'timeZone'>) => dateIn(i.timeZone, deps.now())

  /** A new draft of the caller's branch (not numbered yet: the number comes with the write). */
  async function blank(who: Caller, id: string): Promise<StoredInvoice> {
    const { document, company } = await blankDocument(deps, who, id)
    return {
      ...document,
      orderIds: [],
      orderNumbers: [],
      visits: [],
      culture: company?.CULTURE ?? 'en',
      issueDate: null,
      dueDate: '',
      terms: '',
      notes: '',
      status: 'draft',
      paid: 0,
      payments: [],
      voided: null,
      sendCount: 0,
      sentAt: null,
      delivery: null,
      reminders: [],
    }
  }

  /** Whether an order may be billed by `invoiceId`: completed, or claimed by it already, or by an invoice voided or never written. */
  async function billable(who: Caller, order: StoredOrder, invoiceId: string): Promise<boolean> {
    if (order.invoiceId === invoiceId) return true
    if (order.status === 'completed') return true
    if (order.status !== 'invoiced' || !order.invoiceId) return false
    const other = await invoiceStore(deps, who.tenant.empresa).get(order.invoiceId)
    if (other) return other.value.status === 'void'
    return deps.now() - Date.parse(order.invoicedAt ?? '1970-01-01') > CLAIM_GRACE_MS
  }

  /** The orders given back to completed: those `invoiceId` claimed (a refused write, a void). */
  async function release(who: Owner, invoiceId: string, orderIds: string[]) {
    const store = orderStore(deps, who.tenant.empresa)
    const released: StoredOrder[] = []
    for (const id of orderIds) {
      const saved = await store.update(id, (o) =>
        o.invoiceId === invoiceId ? { ...o, status: 'completed', invoiceId: null, invoicedAt: null } : o,
      )
      if (saved) released.push(saved.value)
    }
    // their quotes' deposits are no longer this invoice's
    await deposits(deps).uncredit(who.tenant.empresa, invoiceId, released)
  }

  /**
   * The orders claimed for the invoice, one after the other (each on the version read, so of two
   * invoices at once one gets it); any refusal gives back those claimed before it.
   */
  async function claim(who: Caller, invoiceId: string, clientId: string, orderIds: string[]): Promise<StoredOrder[]> {
    const store = orderStore(deps, who.tenant.empresa)
    const claimed: StoredOrder[] = []
    try {
      for (const [i, id] of [...new Set(orderIds)].entries()) {
        const found = await orders.find(who, id)
        if (!found) throw fieldError(`orderIds.${i}`, 'invalid_value')
        if (found.value.clientId !== clientId) throw fieldError(`orderIds.${i}`, 'order_other_client')
        // an order is billed on its own branch's invoice (the draft is the caller's branch's)
        if (found.value.filial !== who.tenant.filial) throw fieldError(`orderIds.${i}`, 'order_other_branch')
        if (!(await billable(who, found.value, invoiceId))) throw ruleError(409, 'order_not_completed')
        // claimed for this very invoice already (a run again of it): nothing to write
        if (found.value.status === 'invoiced' && found.value.invoiceId === invoiceId) {
          claimed.push(found.value)
          continue
        }
        const at = new Date(deps.now()).toISOString()
        const saved = await store
          .update(id, (o) => ({ ...o, status: 'invoiced', invoiceId, invoicedAt: at }), {
            expectVersion: found.version,
          })
          .catch((error: unknown) => {
            throw error instanceof ConflictError ? ruleError(409, 'order_not_completed') : error
          })
        if (saved) claimed.push(saved.value)
      }
      return claimed
    } catch (error) {
      await release(
        who,
        invoiceId,
        claimed.map((o) => o.id),
      )
      throw error
    }
  }

  /** The visits of the billed orders: each one's day, technician and minutes on site (those that were made). */
  async function visitsOf(who: Caller, billed: StoredOrder[], timeZone: string) {
    const visits = await Promise.all(billed.map((o) => plan.visitsOf(who.tenant.empresa, o.id)))
    return visits.flat().flatMap((v) => {
      const minutes = minutesOnSite(v.clock ?? [], null)
      return v.status === 'done' || minutes > 0
        ? [
            {
              orderNumber: v.orderNumber,
              date: dateIn(timeZone, Date.parse(v.start)),
              technician: v.technicianName,
              technicianId: v.technicianId,
              minutes,
            },
          ]
        : []
    })
  }

  /** A draft's fields from what the office typed (the client's name and address copied as they are now). */
  async function fill(who: Caller, input: Partial<InvoiceInput>, current: StoredInvoice): Promise<StoredInvoice> {
    if (current.status !== 'draft') throw ruleError(409, 'invoice_not_draft')
    if (input.clientId && current.orderIds.length && input.clientId !== current.clientId)
      throw fieldError('clientId', 'invoice_client_fixed')
    // a due date already past could never be issued: refused at its field when saved; one emptied
    // goes back to the company's days to pay (set at the issue)
    if (input.dueDate && input.dueDate < today(current)) throw fieldError('dueDate', 'due_before_issue')
    const client = input.clientId ? await clientOf(who, input.clientId) : null
    const lines = input.lines ? await priced(who, input.lines) : current.lines
    const address = client?.addresses.find((a) => a.isDefault) ?? client?.addresses[0]
    return {
      ...current,
      ...(client
        ? {
            clientId: client.id,
            clientName: client.name,
            clientTaxId: client.taxId,
            serviceAddress: address ? addressLine(address) : '',
          }
        : {}),
      ...(Object.hasOwn(input, 'dueDate') ? { dueDate: input.dueDate ?? '' } : {}),
      ...(input.culture ? { culture: input.culture } : {}),
      ...(input.terms !== undefined ? { terms: input.terms } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      lines,
      totals: documentTotals(lines),
    }
  }

  /**
   * A new draft: its orders claimed (their lines first, then those typed), its visits listed. The
   * claims owe the invoice (bff/lib/derived.ts "invoice-orders", its id the debt's token): once it
   * is written `written` pays it; a crash before leaves orders a settling gives back.
   */
  async function make(who: Caller, input: InvoiceInput, id = who.newId()): Promise<StoredInvoice> {
    const draft = await fill(who, { ...input, lines: input.lines }, await blank(who, id))
    if (!input.orderIds.length) return draft
    await owe(deps, who, 'invoice-orders', id, { orders: input.orderIds }, id)
    // a refused claim gave back what it took: nothing is owed
    const billed = await claim(who, id, draft.clientId, input.orderIds).catch(async (error: unknown) => {
      if (!(error instanceof StorageUnavailableError)) await written(who, id)
      throw error
    })
    const orderLines: LineInput[] = billed.flatMap((o) => o.lines.map(({ partId: _part, ...line }) => line))
    const lines = [...orderLines, ...draft.lines]
    if (lines.length > 200) {
      await unmade(
        who,
        id,
        billed.map((o) => o.id),
      )
      throw fieldError('lines', 'invalid_value')
    }
    // the deposits paid on the orders' quotes: payments already made (docs/domain.md "Deposits"); a
    // failure gives back what was taken (the settling of "invoice-orders" does after a crash)
    const credited = await deposits(deps)
      .credit(who.tenant.empresa, id, billed)
      .catch(async (error: unknown) => {
        if (!(error instanceof StorageUnavailableError))
          await unmade(
            who,
            id,
            billed.map((o) => o.id),
          )
        throw error
      })
    return {
      ...draft,
      payments: credited,
      paid: paidOf(credited),
      serviceAddress: billed[0]?.serviceAddress || draft.serviceAddress,
      orderIds: billed.map((o) => o.id),
      orderNumbers: billed.map((o) => o.number),
      visits: await visitsOf(who, billed, draft.timeZone),
      lines,
      totals: documentTotals(lines),
    }
  }

  /** Issuing: with lines, dated today, due by the date typed or the company's days to pay. */
  async function issued(who: Caller, i: StoredInvoice): Promise<StoredInvoice> {
    if (!i.lines.length || i.totals.total <= 0) throw ruleError(409, 'invoice_empty')
    // its quote's deposit is more than it bills (lines taken out of the draft): nothing would be left to pay back
    if (i.paid > i.totals.total) throw ruleError(409, 'invoice_below_deposit')
    const company = await deps.repos.companies.find(who.tenant.empresa)
    const issueDate = today(i)
    const dueDate = i.dueDate || addDays(issueDate, company?.INVOICE_DUE_DAYS ?? DEFAULT_DUE_DAYS)
    if (dueDate < issueDate) throw fieldError('dueDate', 'due_before_issue')
    return { ...i, issueDate, dueDate }
  }

  /** The invoice with one more payment, when what is open takes it (run again on the latest: the same id is taken once). */
  function withPayment(i: StoredInvoice, payment: PaymentRecord): StoredInvoice {
    if (i.payments.some((p) => p.id === payment.id)) return i
    if (i.status !== 'issued' && i.status !== 'partially_paid') throw ruleError(409, 'invoice_not_payable')
    const open = i.totals.total - i.paid
    if (payment.amount > open)
      throw apiError(409, `This payment is more than what is open on the invoice (${open} cents)`, undefined, {
        code: 'payment_above_open',
      })
    if (i.payments.length >= MAX_PAYMENTS) throw ruleError(409, 'too_many_payments')
    const payments = [...i.payments, payment]
    const paid = paidOf(payments)
    return { ...i, payments, paid, status: paidStatus(i.totals.total, paid) }
  }

  /**
   * Writes a change of the invoice with its timeline line, on the version expected (again on the
   * latest when none was named). A change that finds nothing to change (it answers the invoice as
   * it is: a payment already recorded, a delivery told again) writes nothing, no version and no
   * line, and answers the invoice as it is.
   */
  async function write(
    empresa: number,
    by: By,
    id: string,
    action: string,
    expected: { version: number; retry: boolean },
    change: (i: StoredInvoice) => StoredInvoice,
  ) {
    return changeRecord(
      deps,
      { empresa, module: 'cd_invoice', id },
      invoiceStore(deps, empresa),
      { by, action },
      expected,
      change,
      () => notFound('Invoice'),
    )
  }

  /** The invoice the caller may read, with what a change of it expects (If-Match, or the version read). */
  async function changeable(who: Caller, id: string, ifMatch: number | undefined) {
    const hit = await source.find(who, id)
    if (!hit) throw notFound('Invoice')
    return { hit, expected: { version: ifMatch ?? hit.version, retry: ifMatch === undefined } }
  }

  /**
   * The invoice of one completed order (its Invoice button), made once: run again (a retry, a double
   * click) it finds the invoice the first run made; after a crash between claiming the order and
   * writing the invoice, it writes that invoice. An order whose invoice was voided is billed anew.
   * The invoice is the order's branch's, whichever branch the caller is in (one who holds every
   * branch opens another's order from its client's page).
   */
  async function ofOrder(
    caller: Caller,
    orderId: string,
    attempt = 0,
  ): Promise<{ order: StoredOrder; invoice: StoredInvoice }> {
    let order = await orders.find(caller, orderId)
    if (!order) throw notFound('Order')
    // an order whose status a write still owes (a crash after its visit's step) is settled first
    if (
      order.value.status !== 'invoiced' &&
      (await deps.derived.settle(caller.tenant.empresa, 'order-status', orderId))
    )
      order = (await orders.find(caller, orderId)) ?? order
    const who = { ...caller, tenant: { ...caller.tenant, filial: order.value.filial } }
    const claimedBy = order.value.status === 'invoiced' ? order.value.invoiceId : null
    const earlier = claimedBy ? await invoiceStore(deps, who.tenant.empresa).get(claimedBy) : null
    if (earlier && earlier.value.status !== 'void') return { order: order.value, invoice: earlier.value }
    if (!claimedBy && order.value.status !== 'completed') throw ruleError(409, 'order_not_completed')
    const id = claimedBy && !earlier ? claimedBy : who.newId()
    const company = await deps.repos.companies.find(who.tenant.empresa)
    const culture = company ? await clientCulture(deps, company, order.value) : undefined
    const made = await make(
      who,
      { clientId: order.value.clientId, orderIds: [orderId], lines: [], culture, terms: '', notes: '' },
      id,
    ).catch(async (error: unknown) => {
      // another "invoice this order" claimed it meanwhile (a double click, two people): its invoice is
      // this one's answer too, found (or finished) by running again
      const now = attempt < 5 && error instanceof HTTPException ? await orders.find(who, orderId) : null
      if (now?.value.status === 'invoiced' && now.value.invoiceId) return null
      throw error
    })
    if (!made) return ofOrder(caller, orderId, attempt + 1)
    let invoice: StoredInvoice
    try {
      invoice = (
        await withActivityLine(
          deps,
          { empresa: who.tenant.empresa, module: 'cd_invoice', id },
          { by: who.user, action: 'created', made: 1 },
          () => source.insert!(who, made),
        )
      ).value
    } catch (error) {
      const other = error instanceof ConflictError ? await source.find(who, id) : null
      if (other) return { order: (await orders.find(who, orderId))?.value ?? order.value, invoice: other.value }
      if (!(error instanceof StorageUnavailableError)) await unmade(who, id, [orderId])
      throw error
    }
    await written(who, id)
    return { order: (await orders.find(who, orderId))?.value ?? order.value, invoice }
  }

  /** The invoice `id` is written: what its making owed is paid. */
  const written = (who: Owner, id: string) => settleOwn(deps, who, 'invoice-orders', id, id)
  /** The invoice `id` was refused (never written): its orders are free again, and its debt paid. */
  async function unmade(who: Owner, id: string, orderIds: string[]) {
    await release(who, id, orderIds)
    await written(who, id)
  }
  /**
   * The settling of "invoice-orders" (bff/lib/derived.ts): orders claimed for an invoice that was
   * never written (its writes are over) are free again. True when some were.
   */
  async function settleClaims(who: Owner, id: string, debts: Debt[]): Promise<boolean> {
    const claimed = [...new Set(debts.flatMap((d) => d.orders ?? []))]
    if (!claimed.length || (await invoiceStore(deps, who.tenant.empresa).get(id))) return false
    await release(who, id, claimed)
    return true
  }

  /** A void invoice's orders free to be billed again (settling "invoice"); true: whatever it found, done. */
  async function freeVoid(who: Owner, id: string): Promise<boolean> {
    const invoice = (await invoiceStore(deps, who.tenant.empresa).get(id))?.value
    if (invoice?.status === 'void') await release(who, id, invoice.orderIds)
    return true
  }

  return {
    source,
    ofOrder,
    freeVoid,
    written,
    unmade,
    settleClaims,
    blank,
    fill,
    make,
    issued,
    release,
    write,
    changeable,
    withPayment,
    /** Records a payment of the office; a retry of the same request (its payment id) records it once. */
    async pay(who: Caller, id: string, input: PaymentInput, ifMatch: number | undefined) {
      const { hit, expected } = await changeable(who, id, ifMatch)
      const day = today(hit.value)
      if (input.date && input.date > day) throw fieldError('date', 'payment_in_future')
      // money is paid for an invoice once it is issued (a draft has no date and takes no payment)
      if (input.date && hit.value.issueDate && input.date < hit.value.issueDate)
        throw fieldError('date', 'payment_before_issue')
      const accountId = await paymentAccount(deps, who.tenant.empresa, input.method, input.accountId)
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
        accountId,
      }
      return write(who.tenant.empresa, who.user, id, 'payment', expected, (i) => withPayment(i, payment))
    },
    /** Reverses a payment with a reason: it stays, marked, and no longer counts; the status follows. */
    async reverse(who: Caller, id: string, paymentId: string, reason: string, ifMatch: number | undefined) {
      const { hit, expected } = await changeable(who, id, ifMatch)
      if (!hit.value.payments.some((p) => p.id === paymentId)) throw notFound('Payment')
      const at = new Date(deps.now()).toISOString()
      return write(who.tenant.empresa, who.user, id, 'payment_reversed', expected, (i) => {
        const target = i.payments.find((p) => p.id === paymentId)
        if (!target) throw notFound('Payment')
        if (target.reversed) throw ruleError(409, 'payment_reversed')
        if (target.deposit) throw ruleError(409, 'payment_is_deposit')
        if (i.status === 'void') throw ruleError(409, 'invoice_not_payable')
        const payments = i.payments.map((p) =>
          p.id === paymentId ? { ...p, reversed: { reason, by: who.user.name, at } } : p,
        )
        const paid = paidOf(payments)
        return { ...i, payments, paid, status: paidStatus(i.totals.total, paid) }
      })
    },
  }
}
