import { data, Form, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/invoice'
import { formatDay } from '../../domain/dates.ts'
import { formatMoney } from '../../domain/money.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { publicInvoiceSchema } from '../../domain/schemas/invoices.ts'
import { numberFormat } from '../../domain/intl.ts'
import { callBff } from '../lib/api.server'
import { refusedPage } from '../lib/answer.server'
import { refusalErrors } from '../lib/form-errors.server'
import { CULTURES, loadMessages, translator } from '../lib/i18n'
import { CsrfField } from '../ui/csrf-field'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { PixCharge, pixQr } from '../ui/pix-charge'

/** The client's page of a sent invoice (`/i/<token>`, no sign-in), in the client's language: to read and pay it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const res = await callBff(request, context, `/public/invoices/${encodeURIComponent(params.token)}`)
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
  if (!res.ok) throw refusedPage(res)
  const invoice = wrapper(publicInvoiceSchema).parse(await res.json()).Dados
  return {
    invoice,
    // the whole page speaks the client's language (its <html lang> too)
    pageLocale: invoice.culture,
    qr: pixQr(invoice.pix),
    returned: new URL(request.url).searchParams.get('paid') === 'card',
  }
}

/** Reached in the browser: the page speaks the client's language, whose messages come first. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const loaded = await serverLoader()
  await loadMessages(loaded.invoice.culture, ['routes/invoice'])
  return loaded
}

/** Paying by card: a checkout at the provider, where the browser goes next. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const res = await callBff(request, context, `/public/invoices/${encodeURIComponent(params.token)}/card`, {
    method: 'POST',
  })
  if (res.ok) throw redirect(wrapper(z.object({ url: z.string() })).parse(await res.json()).Dados.url)
  const culture = publicInvoiceSchema.shape.culture.safeParse(new URL(request.url).searchParams.get('lang'))
  return data(
    {
      errors: refusalErrors(
        res.status,
        await res.json().catch(() => null),
        translator(culture.success ? culture.data : 'en'),
      ),
    },
    400,
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${translator(loaderData.invoice.culture).i_title({ number: loaderData.invoice.number })} · ${loaderData.invoice.company.name}`
      : 'Fieldwise',
  },
  { name: 'robots', content: 'noindex' },
]

export default function InvoicePage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { invoice, qr, returned } = loaderData
  const t = translator(invoice.culture)
  const busy = useNavigation().state !== 'idle'
  const money = (cents: number) => formatMoney(cents, invoice.currency, invoice.culture)
  const date = (iso: string) => formatDay(iso, CULTURES[invoice.culture], 'long')
  const number = numberFormat(CULTURES[invoice.culture], { maximumFractionDigits: 3 })
  const payable = invoice.open > 0 && (invoice.pix || invoice.card)
  const errors = actionData?.errors ?? {}
  return (
    // data-messages: the client's language is loaded before the page hydrates (entry.client)
    <main
      lang={invoice.culture}
      data-messages={invoice.culture}
      className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-4">
          {invoice.company.hasLogo ? (
            <img
              src={`/api/public/invoices/${params.token}/logo`}
              alt={invoice.company.name}
              className="max-h-16 max-w-40 object-contain"
            />
          ) : null}
          <div>
            <p className="text-lg font-bold">{invoice.company.name}</p>
            <p className="text-sm text-muted">
              {[invoice.company.legalName, invoice.company.taxId].filter(Boolean).join(' · ')}
            </p>
          </div>
        </div>
        <div className="text-right">
          <h1 className="text-2xl font-extrabold">{t.i_title({ number: invoice.number })}</h1>
          {invoice.dueDate ? <p className="text-sm text-muted">{t.i_due({ date: date(invoice.dueDate) })}</p> : null}
          <a href={`/api/public/invoices/${params.token}/pdf`} className="text-sm font-semibold text-accent underline">
            {t.i_download_pdf()}
          </a>
          {invoice.plan ? (
            <a
              href={`/api/public/invoices/${params.token}/plan`}
              className="block text-sm font-semibold text-accent underline"
            >
              {t.i_plan_pdf()}
            </a>
          ) : null}
        </div>
      </header>
      {invoice.state === 'paid' ? (
        <Alert tone="success">{t.i_paid_text()}</Alert>
      ) : returned ? (
        <Alert tone="info">{t.i_card_returned()}</Alert>
      ) : invoice.state === 'overdue' ? (
        <Alert tone="error">{t.i_overdue_text({ date: date(invoice.dueDate) })}</Alert>
      ) : null}
      <section aria-label={t.f_client()} className="rounded-xl border border-line bg-surface p-4 text-sm">
        <p className="font-semibold">{invoice.clientName}</p>
        {invoice.clientTaxId ? <p>{invoice.clientTaxId}</p> : null}
        {invoice.serviceAddress ? <p>{invoice.serviceAddress}</p> : null}
        {invoice.orderNumbers.length ? (
          <p className="text-muted">
            {t.f_orders()}: {invoice.orderNumbers.join(', ')}
          </p>
        ) : null}
      </section>
      <ul className="flex flex-col gap-2" aria-label={t.f_lines()}>
        {invoice.lines.map((line, i) => (
          <li
            key={i}
            className="flex flex-wrap justify-between gap-3 rounded-xl border border-line bg-surface p-3 text-sm"
            data-testid="invoice-line"
          >
            <span>
              <span className="font-medium">{line.description}</span>
              <span className="block text-ink-soft tabular-nums">
                {number.format(line.quantity)} × {money(line.unitPrice)}
                {line.discountPercent ? ` · −${number.format(line.discountPercent)} %` : ''}
                {line.taxPercent ? ` · ${t.f_tax_percent()} ${number.format(line.taxPercent)}` : ''}
              </span>
            </span>
            <span className="font-semibold tabular-nums">{money(line.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="ml-auto grid grid-cols-[auto_auto] gap-x-8 gap-y-1 text-sm">
        <dt className="text-muted">{t.f_subtotal()}</dt>
        <dd className="text-right tabular-nums">{money(invoice.totals.subtotal)}</dd>
        <dt className="text-muted">{t.f_discount()}</dt>
        <dd className="text-right tabular-nums">{money(-invoice.totals.discount)}</dd>
        <dt className="text-muted">{t.f_tax()}</dt>
        <dd className="text-right tabular-nums">{money(invoice.totals.tax)}</dd>
        <dt className="font-bold">{t.f_total()}</dt>
        <dd className="text-right font-bold tabular-nums">{money(invoice.totals.total)}</dd>
        {invoice.paid > 0 ? (
          <>
            <dt className="text-muted">{t.f_paid()}</dt>
            <dd className="text-right tabular-nums">{money(invoice.paid)}</dd>
          </>
        ) : null}
        <dt className="text-base font-bold">{t.f_open()}</dt>
        <dd className="text-right text-base font-bold tabular-nums" data-testid="invoice-open">
          {money(invoice.open)}
        </dd>
      </dl>
      {invoice.terms ? (
        <section aria-label={t.f_terms()} className="text-sm whitespace-pre-line text-ink-soft">
          <h2 className="font-semibold text-ink">{t.f_terms()}</h2>
          {invoice.terms}
        </section>
      ) : null}
      {payable ? (
        <section aria-labelledby="pay-title" className="flex flex-col gap-4">
          <h2 id="pay-title" className="text-xl font-bold">
            {t.i_pay_title()} · {money(invoice.open)}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {invoice.pix && qr ? <PixCharge pix={invoice.pix} qr={qr} company={invoice.company.name} t={t} /> : null}
            {invoice.card ? (
              <section
                aria-labelledby="card-title"
                className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
              >
                <h3 id="card-title" className="text-lg font-bold">
                  {t.i_card_title()}
                </h3>
                {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
                <Form method="post" action={`/i/${params.token}?lang=${invoice.culture}`}>
                  <CsrfField />
                  <Button type="submit" disabled={busy}>
                    {t.i_card_button({ amount: money(invoice.open) })}
                  </Button>
                </Form>
              </section>
            ) : null}
          </div>
        </section>
      ) : null}
    </main>
  )
}
