import type { Route } from './+types/statement'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { atLeast } from '../../../domain/access.ts'
import { formatDay } from '../../../domain/dates.ts'
import { currencyOf, formatMoney } from '../../../domain/money.ts'
import { accountRow } from '../../../domain/schemas/accounts.ts'
import { invoiceRow, OPEN_INVOICE_STATUSES } from '../../../domain/schemas/invoices.ts'
import { listAnswer } from '../../../domain/schemas/resource.ts'
import { statementRow, type StatementLine } from '../../../domain/schemas/statements.ts'
import { Breadcrumb } from '../../components/breadcrumb'
import { accountPage, statementPage } from '../../features/cd_contas/statement-links'
import { moduleMeta } from '../../kit/module-meta'
import { readAnswer } from '../../lib/answer.server'
import { callBff } from '../../lib/api.server'
import { requestLocale } from '../../lib/cookies.server'
import { refusalErrors } from '../../lib/form-errors.server'
import { submittedForm } from '../../lib/forms.server'
import { CULTURES, translator, useLocale, useT, type Translator } from '../../lib/i18n'
import { pageInfo } from '../../lib/page-info.server'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'

const MODULE = 'cd_contas'

const STATUS_LABELS: Record<StatementLine['status'], keyof Translator> = {
  suggested: 'statement_suggested',
  matched: 'statement_matched',
  unmatched: 'statement_unmatched',
  recorded: 'statement_recorded',
  known: 'statement_known',
  duplicate: 'statement_duplicate',
}
const KIND_LABELS = {
  payment: 'statement_kind_payment',
  deposit: 'statement_kind_deposit',
  payable: 'statement_kind_payable',
  transfer: 'statement_kind_transfer',
} as const

/**
 * An imported bank statement of an account (docs/domain.md cd_contas "Bank statement"): each line
 * with what it was matched to; a suggestion to confirm, and a line matching nothing to record as
 * a payment of an open invoice (money in) or a bill paid (money out).
 */
export async function loader(args: Route.LoaderArgs) {
  const page = await pageInfo(args.request, args.context, MODULE)
  const { account: accountId, statement: statementId } = args.params
  const base = `/${MODULE}/${encodeURIComponent(accountId)}`
  const [account, statement, invoices] = await Promise.all([
    readAnswer(args, base, accountRow).then((a) => a.data),
    readAnswer(args, `${base}/statements/${encodeURIComponent(statementId)}`, statementRow).then((a) => a.data),
    // the invoices money may be paid for: those waiting for money, of the branch (none for who may not read them)
    Promise.all(
      OPEN_INVOICE_STATUSES.map((state) =>
        callBff(args.request, args.context, `/cd_invoice?state=${state}&size=100&sort=dueDate`).then(async (res) =>
          res.ok ? listAnswer(invoiceRow).parse(await res.json()).Dados.items : [],
        ),
      ),
    ).then((lists) => lists.flat().sort((a, b) => a.dueDate.localeCompare(b.dueDate))),
  ])
  return {
    page,
    account: { id: account.id, name: account.name },
    statement,
    invoices: invoices.map((i) => ({ id: i.id, number: i.number, clientName: i.clientName, open: i.open })),
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await submittedForm(request, context)
  const t = translator(requestLocale(request))
  const n = Number(form.get('n'))
  const intent = String(form.get('intent') ?? '')
  if (!Number.isInteger(n) || !['confirm', 'payable', 'payment'].includes(intent)) throw data(null, { status: 400 })
  const json =
    intent === 'payable'
      ? { supplier: String(form.get('supplier') ?? ''), category: String(form.get('category') ?? '') }
      : intent === 'payment'
        ? { invoiceId: String(form.get('invoiceId') ?? '') }
        : undefined
  const path = `/${MODULE}/${encodeURIComponent(params.account)}/statements/${encodeURIComponent(params.statement)}/lines/${n}/${intent}`
  const res = await callBff(request, context, path, { method: 'POST', json })
  if (!res.ok) return data({ n, errors: refusalErrors(res.status, await res.json().catch(() => null), t) }, 400)
  throw redirect(`${statementPage(params.account, params.statement)}?toast=done_statement_line#line-${n}`)
}

export const meta: Route.MetaFunction = (args) => moduleMeta(args)

const field = 'field-control w-full'

export default function Statement({ loaderData, actionData }: Route.ComponentProps) {
  const { page, account, statement, invoices } = loaderData
  const t = useT()
  const locale = useLocale()
  const busy = useNavigation().state === 'submitting'
  const money = (cents: number) => formatMoney(cents, currencyOf(statement.currency), locale)
  const day = (iso: string) => formatDay(iso, CULTURES[locale], 'medium')
  const mayEdit = atLeast(page.level, 'edit')
  const toReview = statement.counts.suggested + statement.counts.unmatched
  return (
    <section className="flex flex-col gap-6">
      <Breadcrumb group={page.group} title={page.title} />
      <div className="flex flex-col gap-1">
        <Link to={accountPage(account.id)} className="text-sm underline">
          {account.name}
        </Link>
        <h1 className="text-3xl font-extrabold tracking-tight">{t.statement_title({ name: statement.fileName })}</h1>
        <p className="text-muted">
          {t.statement_period({ from: day(statement.from), to: day(statement.to) })} ·{' '}
          {toReview ? t.statement_to_review({ count: toReview }) : t.statement_all_done()}
        </p>
      </div>
      <ol className="flex flex-col gap-3" aria-label={t.statement_lines()}>
        {statement.lines.map((line) => {
          const errors = actionData?.n === line.n ? actionData.errors : {}
          const open = line.status === 'suggested' || line.status === 'unmatched'
          const payableFor = invoices.filter((i) => i.open >= line.amount)
          return (
            <li
              key={line.n}
              id={`line-${line.n}`}
              data-testid="statement-line"
              className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span id={`line-${line.n}-what`} className="font-medium">
                  {day(line.date)} · {line.memo || line.fitId}
                </span>
                <span
                  className={`font-semibold tabular-nums ${line.amount < 0 ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}
                >
                  {money(line.amount)}
                </span>
              </div>
              <p className="text-sm">
                <span className="rounded-full border border-line px-2 py-0.5 font-medium">
                  {(t[STATUS_LABELS[line.status]] as () => string)()}
                </span>{' '}
                {line.match ? (
                  <span>
                    {(t[KIND_LABELS[line.match.kind]] as () => string)()}
                    {line.match.label ? `: ${line.match.label}` : ''} ({day(line.match.date)})
                  </span>
                ) : null}
              </p>
              {/* what is not about a field shown here (the day, the account, the form) */}
              {Object.entries(errors)
                .filter(([field]) => field !== 'supplier' && field !== 'invoiceId')
                .map(([field, text]) => (
                  <Alert key={field} tone="error">
                    {text}
                  </Alert>
                ))}
              {mayEdit && open ? (
                <div className="flex flex-wrap items-end gap-3">
                  {line.status === 'suggested' ? (
                    <Form method="post">
                      <CsrfField />
                      <input type="hidden" name="n" value={line.n} />
                      <Button
                        type="submit"
                        name="intent"
                        value="confirm"
                        disabled={busy}
                        aria-describedby={`line-${line.n}-what`}
                      >
                        {t.statement_confirm()}
                      </Button>
                    </Form>
                  ) : null}
                  {line.amount < 0 ? (
                    <Form
                      method="post"
                      aria-label={t.statement_as_payable()}
                      className="flex flex-wrap items-end gap-3"
                    >
                      <CsrfField />
                      <input type="hidden" name="n" value={line.n} />
                      <label className="flex flex-col gap-1 text-sm font-medium">
                        {t.f_supplier()}
                        <input
                          name="supplier"
                          required
                          maxLength={120}
                          defaultValue={line.memo.slice(0, 120)}
                          aria-invalid={errors.supplier ? true : undefined}
                          className={field}
                        />
                        {errors.supplier ? <span className="text-red-700">{errors.supplier}</span> : null}
                      </label>
                      <label className="flex flex-col gap-1 text-sm font-medium">
                        {t.f_category()}
                        <input name="category" maxLength={60} className={field} />
                      </label>
                      <Button
                        type="submit"
                        name="intent"
                        value="payable"
                        variant="secondary"
                        disabled={busy}
                        aria-describedby={`line-${line.n}-what`}
                      >
                        {t.statement_as_payable()}
                      </Button>
                    </Form>
                  ) : payableFor.length ? (
                    <Form
                      method="post"
                      aria-label={t.statement_as_payment()}
                      className="flex flex-wrap items-end gap-3"
                    >
                      <CsrfField />
                      <input type="hidden" name="n" value={line.n} />
                      <label className="flex flex-col gap-1 text-sm font-medium">
                        {t.statement_invoice()}
                        <select name="invoiceId" aria-invalid={errors.invoiceId ? true : undefined} className={field}>
                          {payableFor.map((i) => (
                            <option key={i.id} value={i.id}>
                              {i.number} · {i.clientName} · {money(i.open)}
                            </option>
                          ))}
                        </select>
                        {errors.invoiceId ? <span className="text-red-700">{errors.invoiceId}</span> : null}
                      </label>
                      <Button
                        type="submit"
                        name="intent"
                        value="payment"
                        variant="secondary"
                        disabled={busy}
                        aria-describedby={`line-${line.n}-what`}
                      >
                        {t.statement_as_payment()}
                      </Button>
                    </Form>
                  ) : (
                    <p className="text-sm text-muted">{t.statement_no_invoice()}</p>
                  )}
                </div>
              ) : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
