import { dateIn } from '../../domain/dates.ts'
import { OPEN_INVOICE_STATUSES, type StoredInvoice } from '../../domain/schemas/invoices.ts'
import { deliverToClient } from './client-delivery.ts'
import { SYSTEM_ACTOR, type Deps } from './deps.ts'
import { invoiceLinkUrl } from './document-link.ts'
import { invoiceMail } from './invoice-mail.ts'
import { invoiceStore } from './invoice-store.ts'
import { withActivityLine } from './resource.ts'

/** At most this many reminders a run per company: a backlog (a schedule set over many overdue invoices) goes out over a few runs. */
const MAX_PER_RUN = 200

const DAY_MS = 86_400_000
/** Whole days from one day to another (ISO days). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS)

/**
 * The step of the company's schedule an overdue invoice has reached and not been reminded of: the
 * latest one passed (days after due), when it is later than any sent — a server down for a week
 * sends one reminder, not three; none for an invoice paid, void or not due yet.
 */
export function reminderStep(invoice: StoredInvoice, schedule: number[], today: string): number | null {
  if (!(OPEN_INVOICE_STATUSES as readonly string[]).includes(invoice.status) || !invoice.dueDate) return null
  const late = daysBetween(invoice.dueDate, today)
  const reached = schedule.filter((d) => d <= late)
  if (!reached.length) return null
  const step = Math.max(...reached)
  const sent = invoice.reminders.reduce((max, r) => Math.max(max, r.step), 0)
  return step > sent ? step : null
}

/**
 * Reminds the clients of overdue invoices, for every company with a schedule (docs/domain.md
 * cd_invoice, "Reminders"): each step at most once — the step is claimed on the invoice by its
 * compare-and-swap write before the e-mail goes out, so two servers (or two runs) never both send
 * it, and a crash between the two leaves it claimed, unsent, rather than sent twice — never after
 * it is paid or void. How it went is kept with the step, on the invoice's timeline too. Answers
 * how many reminders were claimed.
 */
export async function remindOverdue(deps: Deps): Promise<number> {
  let claimed = 0
  for (const company of await deps.repos.companies.list()) {
    const schedule = company.REMINDER_DAYS ?? []
    if (!company.ACTIVE || !schedule.length) continue
    const store = invoiceStore(deps, company.COD_EMPRESA)
    const now = deps.now()
    const candidates = [...(await store.rows()).values()].filter(
      (r) =>
        (OPEN_INVOICE_STATUSES as readonly string[]).includes(r.status) &&
        daysBetween(r.dueDate, dateIn(r.timeZone, now)) >= Math.min(...schedule),
    )
    let sent = 0
    for (const row of candidates) {
      if (sent >= MAX_PER_RUN) break
      const found = await store.get(row.id)
      if (!found) continue
      const step = reminderStep(found.value, schedule, dateIn(found.value.timeZone, now))
      if (step === null) continue
      const at = new Date(now).toISOString()
      const taken = await withActivityLine(
        deps,
        { empresa: company.COD_EMPRESA, module: 'cd_invoice', id: row.id },
        { by: SYSTEM_ACTOR, action: 'reminded', made: found.version + 1 },
        () =>
          store.update(row.id, (i) => ({ ...i, reminders: [...i.reminders, { step, at, delivery: null }] }), {
            expectVersion: found.version,
          }),
      ).catch((error: unknown) => {
        // another run (or a payment) changed it first: looked at again on the next run
        deps.log.info(`invoice ${row.number}: reminder left for the next run (${String(error)})`)
        return null
      })
      if (!taken) continue
      claimed++
      sent++
      const link = await invoiceLinkUrl(deps, company.COD_EMPRESA, taken.value)
      const message = invoiceMail(taken.value, company.NOME_EMPRESA, link, 'reminder')
      const delivery = await deliverToClient(
        deps,
        company.COD_EMPRESA,
        taken.value.clientId,
        `invoice ${taken.value.number} reminder`,
        link,
        message,
      )
      await store
        .update(row.id, (i) => ({
          ...i,
          reminders: i.reminders.map((r) => (r.step === step && r.at === at ? { ...r, delivery } : r)),
        }))
        .catch((error: unknown) => deps.log.error(`invoice ${row.number}: how its reminder went is not kept`, error))
    }
  }
  return claimed
}
