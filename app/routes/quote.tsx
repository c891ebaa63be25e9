import { useState } from 'react'
import { data, Form, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/quote'
import { formatDay } from '../../domain/dates.ts'
import { documentTotals } from '../../domain/document-lines.ts'
import { formatMoney } from '../../domain/money.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { publicQuoteSchema, type PublicQuote } from '../../domain/schemas/quotes.ts'
import { numberFormat } from '../../domain/intl.ts'
import { callBff } from '../lib/api.server'
import { refusedPage } from '../lib/answer.server'
import { formFields } from '../lib/forms'
import { refusalErrors } from '../lib/form-errors.server'
import { CULTURES, loadMessages, translator, type Translator } from '../lib/i18n'
import { CsrfField } from '../ui/csrf-field'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { submittedForm } from '../lib/forms.server'
import { PixCharge, pixQr } from '../ui/pix-charge'
import { z } from 'zod'

/** The client's page of a sent quote (`/q/<token>`, no sign-in), in the client's language. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const res = await callBff(request, context, `/public/quotes/${encodeURIComponent(params.token)}`)
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
  if (!res.ok) throw refusedPage(res)
  const quote = wrapper(publicQuoteSchema).parse(await res.json()).Dados
  // the whole page speaks the client's language (its <html lang> too)
  return {
    quote,
    pageLocale: quote.culture,
    qr: pixQr(quote.deposit?.pix ?? null),
    returned: new URL(request.url).searchParams.get('paid') === 'card',
  }
}

/** Reached in the browser (from the quote's record): the page speaks the client's language, whose messages come first. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader()
  await loadMessages(data.quote.culture, ['routes/quote'])
  return data
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await submittedForm(request, context)
  const fields = formFields(form)
  const culture = publicQuoteSchema.shape.culture.safeParse(fields.culture)
  const refused = async (res: Response) =>
    data(
      {
        errors: refusalErrors(
          res.status,
          await res.json().catch(() => null),
          translator(culture.success ? culture.data : 'en'),
        ),
        values: fields,
      },
      400,
    )
  // paying the deposit by card: a checkout at the provider, where the browser goes next
  if (fields.intent === 'card') {
    const res = await callBff(request, context, `/public/quotes/${encodeURIComponent(params.token)}/card`, {
      method: 'POST',
    })
    if (res.ok) throw redirect(wrapper(z.object({ url: z.string() })).parse(await res.json()).Dados.url)
    return refused(res)
  }
  const decision = fields.intent === 'reject' ? 'reject' : 'approve'
  // the optional lines the client ticked (their indexes)
  const options = form.getAll('option').map(Number).filter(Number.isInteger)
  const res = await callBff(request, context, `/public/quotes/${encodeURIComponent(params.token)}/${decision}`, {
    method: 'POST',
    json:
      decision === 'reject'
        ? { name: fields.name ?? '', reason: fields.reason ?? '' }
        : { name: fields.name ?? '', options },
  })
  if (res.ok) throw redirect(`/q/${params.token}`)
  return refused(res)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${translator(loaderData.quote.culture).q_title({ number: loaderData.quote.number })} · ${loaderData.quote.company.name}`
      : 'Fieldwise',
  },
  { name: 'robots', content: 'noindex' },
]

/** An optional line's mark: offered; counted once chosen. */
function OptionalTag({ chosen, t }: { chosen: boolean; t: Translator }) {
  return (
    <span className="text-xs font-medium text-ink-soft">{chosen ? t.f_optional() : t.q_optional_not_chosen()}</span>
  )
}

function Lines({
  quote,
  t,
  money,
  chosen,
}: {
  quote: PublicQuote
  t: Translator
  money: (cents: number) => string
  /** The optional lines chosen, as the client ticks them. */
  chosen: Set<number>
}) {
  const number = numberFormat(CULTURES[quote.culture], { maximumFractionDigits: 3 })
  return (
    <>
      {/* on a phone each line is a card, its total in view (the table's columns do not fit 390 px) */}
      <ul className="flex flex-col gap-2 sm:hidden" aria-label={t.f_lines()}>
        {quote.lines.map((line, i) => (
          <li key={i} className="rounded-xl border border-line bg-surface p-3 text-sm" data-testid="quote-line-card">
            <p className="font-medium">{line.description}</p>
            {line.optional ? <OptionalTag chosen={chosen.has(i)} t={t} /> : null}
            <p className="flex justify-between gap-3 text-ink-soft">
              <span className="tabular-nums">
                {number.format(line.quantity)} × {money(line.unitPrice)}
                {line.discountPercent ? ` · −${number.format(line.discountPercent)} %` : ''}
                {line.taxPercent ? ` · ${t.f_tax_percent()} ${number.format(line.taxPercent)}` : ''}
              </span>
              <span className="font-semibold text-ink tabular-nums">{money(line.total)}</span>
            </p>
          </li>
        ))}
      </ul>
      <Table quote={quote} t={t} money={money} number={number} chosen={chosen} />
    </>
  )
}

function Table({
  quote,
  t,
  money,
  number,
  chosen,
}: {
  quote: PublicQuote
  t: Translator
  money: (cents: number) => string
  number: Intl.NumberFormat
  chosen: Set<number>
}) {
  return (
    <div
      className="hidden overflow-x-auto rounded-xl border border-line sm:block"
      role="region"
      aria-label={t.f_lines()}
      tabIndex={0}
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="bg-canvas text-ink-soft">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t.q_col_description()}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t.f_quantity()}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t.q_col_unit_price()}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t.f_discount_percent()}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t.f_tax_percent()}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t.f_total()}
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line, i) => (
            <tr key={i} className="border-t border-line" data-testid="quote-line">
              <td className="px-3 py-2">
                {line.description}
                {line.optional ? (
                  <>
                    {' '}
                    <OptionalTag chosen={chosen.has(i)} t={t} />
                  </>
                ) : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{number.format(line.quantity)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{money(line.unitPrice)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{number.format(line.discountPercent)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{number.format(line.taxPercent)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{money(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * The deposit once the client approved (docs/domain.md "Deposits"): paid, being confirmed, or the
 * ways to pay what is open — the Pix code, and a card where the company takes cards.
 */
function Deposit({
  deposit,
  qr,
  returned,
  company,
  culture,
  error,
  busy,
  t,
  money,
}: {
  deposit: NonNullable<PublicQuote['deposit']>
  qr: ReturnType<typeof pixQr>
  returned: boolean
  company: string
  culture: PublicQuote['culture']
  error: string | undefined
  busy: boolean
  t: Translator
  money: (cents: number) => string
}) {
  // paid, or the rest is paid on the invoice now (its order's invoice is credited with it)
  if (deposit.open <= 0 || deposit.credited)
    return deposit.paid > 0 ? <Alert tone="success">{t.q_deposit_paid({ amount: money(deposit.paid) })}</Alert> : null
  return (
    <section aria-labelledby="deposit-title" className="flex flex-col gap-4">
      <h2 id="deposit-title" className="text-xl font-bold">
        {t.q_deposit_pay({ amount: money(deposit.open) })}
      </h2>
      {returned ? <Alert tone="info">{t.q_deposit_card_returned()}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {deposit.pix && qr ? <PixCharge pix={deposit.pix} qr={qr} company={company} t={t} /> : null}
        {deposit.card ? (
          <section
            aria-labelledby="card-title"
            className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
          >
            <h3 id="card-title" className="text-lg font-bold">
              {t.i_card_title()}
            </h3>
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="culture" value={culture} />
              <Button type="submit" name="intent" value="card" disabled={busy}>
                {t.i_card_button({ amount: money(deposit.open) })}
              </Button>
            </Form>
          </section>
        ) : null}
      </div>
    </section>
  )
}

export default function QuotePage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { quote, qr, returned } = loaderData
  const t = translator(quote.culture)
  const busy = useNavigation().state === 'submitting'
  const money = (cents: number) => formatMoney(cents, quote.currency, quote.culture)
  const date = (iso: string) => formatDay(iso, CULTURES[quote.culture], 'long')
  const errors = actionData?.errors ?? {}
  // the optional lines the client ticks: the totals follow at once (the server's rules; it stays the authority)
  const [chosen, setChosen] = useState(
    () => new Set(quote.lines.flatMap((l, i) => (l.optional && l.chosen ? [i] : []))),
  )
  const answering = quote.state === 'sent'
  const totals = answering
    ? documentTotals(quote.lines.map((l, i) => ({ ...l, jobId: '', chosen: chosen.has(i) })))
    : quote.totals
  const options = quote.lines.flatMap((l, i) => (l.optional ? [{ line: l, i }] : []))
  const input = 'field-control w-full'
  return (
    // data-messages: the client's language is loaded before the page hydrates (entry.client)
    <main
      lang={quote.culture}
      data-messages={quote.culture}
      className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-4">
          {quote.company.hasLogo ? (
            <img
              src={`/api/public/quotes/${params.token}/logo`}
              alt={quote.company.name}
              className="max-h-16 max-w-40 object-contain"
            />
          ) : null}
          <div>
            <p className="text-lg font-bold">{quote.company.name}</p>
            <p className="text-sm text-muted">
              {[quote.company.legalName, quote.company.taxId].filter(Boolean).join(' · ')}
            </p>
          </div>
        </div>
        <div className="text-right">
          <h1 className="text-2xl font-extrabold">{t.q_title({ number: quote.number })}</h1>
          <p className="text-sm text-muted">{t.q_valid_until({ date: date(quote.validUntil) })}</p>
          <a href={`/api/public/quotes/${params.token}/pdf`} className="text-sm font-semibold text-accent underline">
            {t.q_download_pdf()}
          </a>
        </div>
      </header>
      {/* the client's answer shows first: after approving on a phone it is in view */}
      {quote.state === 'approved' || quote.state === 'converted' ? (
        <Alert tone="success">
          {t.q_approved_text({ name: quote.decision?.name ?? '', date: date(quote.decision?.day ?? quote.validUntil) })}
        </Alert>
      ) : quote.state === 'rejected' ? (
        <Alert tone="info">{t.q_rejected_text({ name: quote.decision?.name ?? '' })}</Alert>
      ) : quote.state === 'expired' ? (
        <Alert tone="info">{t.q_expired_text({ company: quote.company.name })}</Alert>
      ) : null}
      {quote.deposit && (quote.state === 'approved' || quote.state === 'converted') ? (
        <Deposit
          deposit={quote.deposit}
          qr={qr}
          returned={returned}
          company={quote.company.name}
          culture={quote.culture}
          error={errors.form}
          busy={busy}
          t={t}
          money={money}
        />
      ) : null}
      <section aria-label={t.f_client()} className="rounded-xl border border-line bg-surface p-4 text-sm">
        <p className="font-semibold">{quote.clientName}</p>
        {quote.clientTaxId ? <p>{quote.clientTaxId}</p> : null}
        {quote.serviceAddress ? <p>{quote.serviceAddress}</p> : null}
      </section>
      <Lines quote={quote} t={t} money={money} chosen={chosen} />
      <dl className="ml-auto grid grid-cols-[auto_auto] gap-x-8 gap-y-1 text-sm">
        <dt className="text-muted">{t.f_subtotal()}</dt>
        <dd className="text-right tabular-nums">{money(totals.subtotal)}</dd>
        <dt className="text-muted">{t.f_discount()}</dt>
        <dd className="text-right tabular-nums">{money(-totals.discount)}</dd>
        <dt className="text-muted">{t.f_tax()}</dt>
        <dd className="text-right tabular-nums">{money(totals.tax)}</dd>
        <dt className="text-base font-bold">{t.f_total()}</dt>
        <dd className="text-right text-base font-bold tabular-nums" data-testid="quote-total">
          {money(totals.total)}
        </dd>
      </dl>
      {quote.terms ? (
        <section aria-label={t.f_terms()} className="whitespace-pre-line text-sm text-ink-soft">
          <h2 className="font-semibold text-ink">{t.f_terms()}</h2>
          {quote.terms}
        </section>
      ) : null}
      {quote.state !== 'sent' ? null : (
        <section
          aria-labelledby="answer-title"
          className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4"
        >
          <h2 id="answer-title" className="text-lg font-bold">
            {t.q_answer_title()}
          </h2>
          {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
          <Form method="post" className="flex flex-col gap-3">
            <CsrfField />
            <input type="hidden" name="culture" value={quote.culture} />
            {options.length ? (
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-semibold">{t.q_options_title()}</legend>
                <p className="text-xs text-muted">{t.q_options_hint()}</p>
                {options.map(({ line, i }) => (
                  <label key={i} className="flex min-h-11 items-center gap-3 text-sm">
                    <input
                      type="checkbox"
                      name="option"
                      value={i}
                      checked={chosen.has(i)}
                      onChange={(e) =>
                        setChosen((now) => {
                          const next = new Set(now)
                          if (e.target.checked) next.add(i)
                          else next.delete(i)
                          return next
                        })
                      }
                      className="h-5 w-5"
                    />
                    <span>
                      {line.description} · <span className="tabular-nums">{money(line.total)}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t.q_your_name()}
              <input
                name="name"
                autoComplete="name"
                defaultValue={actionData?.values?.name ?? ''}
                aria-invalid={errors.name ? true : undefined}
                className={input}
              />
              {errors.name ? <span className="text-red-700">{errors.name}</span> : null}
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t.q_reason_optional()}
              <textarea
                name="reason"
                rows={2}
                defaultValue={actionData?.values?.reason ?? ''}
                aria-invalid={errors.reason ? true : undefined}
                className={`${input} py-2`}
              />
              {errors.reason ? <span className="text-red-700">{errors.reason}</span> : null}
            </label>
            {quote.deposit ? (
              <p className="text-sm font-medium">{t.q_deposit_asked({ amount: money(quote.deposit.asked) })}</p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="approve" disabled={busy}>
                {t.q_approve_button()}
              </Button>
              <Button type="submit" name="intent" value="reject" variant="danger-outline" disabled={busy}>
                {t.q_reject_button()}
              </Button>
            </div>
            <p className="text-xs text-muted">{t.q_answer_note()}</p>
          </Form>
        </section>
      )}
    </main>
  )
}
