import { currencyOf, formatMoney } from '../../../domain/money.ts'
import type { z } from 'zod'
import { invoiceRow } from '../../../domain/schemas/invoices.ts'
import { useLocale, useT } from '../../lib/i18n'
import { RelatedList } from '../../kit/related-list'
import type { FeatureModule } from '../../kit/module'
import { INVOICE_STATE_LABELS } from './labels'

type Related = NonNullable<FeatureModule['related']>[number]

/** A client's invoices (their record's page): what they owe and how much of it is overdue, then the list. */
export function ClientInvoices({ rows }: { rows: Array<Record<string, unknown>> }) {
  const t = useT()
  const locale = useLocale()
  const invoices = rows as Array<Pick<z.output<typeof invoiceRow>, 'status' | 'state' | 'open' | 'currency'>>
  const owed = invoices.filter((i) => i.status === 'issued' || i.status === 'partially_paid')
  const sum = (list: typeof owed) => list.reduce((total, i) => total + i.open, 0)
  const money = (cents: number) => formatMoney(cents, currencyOf(invoices[0]?.currency), locale)
  const overdue = sum(owed.filter((i) => i.state === 'overdue'))
  return (
    <div className="flex flex-col gap-2">
      {invoices.length ? (
        <p className="text-sm" data-testid="client-balance">
          <span className="font-semibold">{t.client_balance()}:</span> {money(sum(owed))}
          {overdue ? <span className="text-red-700"> · {t.client_overdue({ amount: money(overdue) })}</span> : null}
        </p>
      ) : null}
      <RelatedList spec={CLIENT_INVOICES} rows={rows} />
    </div>
  )
}

/** The client's invoices as their record's page lists them. */
export const CLIENT_INVOICES: Related = {
  title: 'client_invoices',
  path: (id) => `/cd_invoice/of-client?clientId=${encodeURIComponent(id)}`,
  row: invoiceRow,
  href: (row) => `/view/cd_invoice/${encodeURIComponent(String(row.id))}`,
  columns: [
    { key: 'number', label: 'f_number' },
    { key: 'state', label: 'f_state', labels: INVOICE_STATE_LABELS },
    { key: 'dueDate', label: 'f_due_date', show: 'date' },
    { key: 'total', label: 'f_total', show: 'money' },
    { key: 'open', label: 'f_open', show: 'money' },
  ],
  view: ClientInvoices,
}
