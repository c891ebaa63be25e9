import { data, Form, Link, redirect, useActionData, useFetcher, useNavigation, useSubmit } from 'react-router'
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { Route } from './+types/visit'
import {
  partInput,
  stepsFrom,
  techOrderRow,
  visitEnded,
  TECH_ORDER_STEPS,
  type TechOrderRow,
  type TechOrderStep,
} from '../../../domain/schemas/appointments.ts'
import { dateIn, isIsoDate } from '../../../domain/dates.ts'
import { instantAt } from '../../../domain/zone-clock.ts'
import { dateTimeFormat, numberFormat } from '../../../domain/intl.ts'
import { ActivityList } from '../../kit/activity-list'
import { moduleMeta } from '../../kit/module-meta'
import { activitySchema } from '../../kit/screens.server'
import { fromTypedText } from '../../kit/typed-text.server'
import { PickerInput } from '../../kit/picker-input'
import { VisitPhotoAdd } from '../../features/techorders/photo-add'
import { SignatureField } from '../../features/techorders/signature-field'
import { MapsLink } from '../../features/techorders/day-list'
import { durationText, VisitStatus } from '../../features/techorders/visit-status'
import { useFrame } from '../../layouts/frame/frame-context'
import { callBff } from '../../lib/api.server'
import { readAnswer } from '../../lib/answer.server'
import { requestLocale } from '../../lib/cookies.server'
import { codeText, refusalErrors } from '../../lib/form-errors.server'
import { submittedForm } from '../../lib/forms.server'
import { translator, useLocale, useT } from '../../lib/i18n'
import { pageInfo } from '../../lib/page-info.server'
import { requireUser } from '../../lib/session.server'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'

/** A time field's value (HH:MM, 24 hours) of an instant on the company's wall clock. */
const wallTime = (timeZone: string) =>
  dateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

const MODULE = 'cd_techorders'
const ETA_CHOICES = [15, 30, 45, 60, 90, 120] as const
/** The visit's fields a timeline line names. */
const VISIT_FIELDS = [
  { name: 'checked', label: 'visit_checklist' },
  { name: 'report', label: 'visit_report' },
  { name: 'times', label: 'visit_times' },
  { name: 'clock', label: 'visit_on_site_time' },
  { name: 'reason', label: 'visit_fail_reason' },
  { name: 'parts', label: 'visit_parts' },
  { name: 'photos', label: 'visit_photos' },
  { name: 'signature', label: 'visit_signature' },
] as const
const INTENTS = ['step', 'checklist', 'report', 'times', 'part-add', 'part-remove', 'photo-remove'] as const
type Intent = (typeof INTENTS)[number]

/**
 * A visit on a phone (docs/domain.md cd_techorders): where and when, the next steps as large
 * buttons (on my way tells the client), the checklist, the report, the parts used, the photos and
 * the client's signature, and its timeline. A technician opens only his own (403 otherwise).
 */
export async function loader(args: Route.LoaderArgs) {
  const page = await pageInfo(args.request, args.context, MODULE)
  const path = `/${MODULE}/${encodeURIComponent(args.params.id)}`
  const [visit, activity] = await Promise.all([
    readAnswer(args, path, techOrderRow),
    readAnswer(args, `${path}/activity`, activitySchema).then(
      (a) => a.data,
      () => [],
    ),
  ])
  // a photo sent without scripts and refused: its form says why (app/routes/resources/visit-files.ts)
  const refused = new URL(args.request.url).searchParams.get('photo_error')
  const photoError = refused ? (codeText(refused, translator(requestLocale(args.request))) ?? null) : null
  return { page, visit: visit.data, version: visit.version ?? '', activity, photoError }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await submittedForm(request, context)
  const intent = String(form.get('intent') ?? '') as Intent
  if (!INTENTS.includes(intent)) throw data(null, { status: 400 })
  const locale = requestLocale(request)
  const t = translator(locale)
  const path = `/${MODULE}/${encodeURIComponent(params.id)}`
  const version = String(form.get('version') ?? '')
  const headers = version ? { 'If-Match': version } : undefined
  const text = (name: string) => String(form.get(name) ?? '')
  let done = intent as string
  let res: Response
  if (intent === 'step') {
    const step = text('step') as TechOrderStep
    if (!(step in TECH_ORDER_STEPS)) throw data(null, { status: 400 })
    const json =
      step === 'depart'
        ? { etaMinutes: Number(text('etaMinutes')) || 30 }
        : step === 'fail'
          ? { reason: text('reason') }
          : {}
    res = await callBff(request, context, `${path}/${step}`, { method: 'POST', json, headers })
    done = step
  } else if (intent === 'checklist') {
    const checked = form.getAll('checked').map(Number)
    res = await callBff(request, context, path, { method: 'PATCH', json: { checked }, headers })
  } else if (intent === 'times') {
    // the office's correction: on the way and each span on site, each time typed on its day, in the company's zone
    const zone = text('timeZone') || 'UTC'
    const at = (name: string) =>
      isIsoDate(text(`date_${name}`)) && /^\d{2}:\d{2}$/.test(text(`time_${name}`))
        ? new Date(instantAt(text(`date_${name}`), text(`time_${name}`), zone)).toISOString()
        : null
    const spans = Number(text('spans')) || 0
    const clock = Array.from({ length: spans }, (_, i) => ({ in: at(`in_${i}`), out: at(`out_${i}`) })).filter(
      (span): span is { in: string; out: string | null } => span.in !== null,
    )
    const end = clock.at(-1)?.out
    const times = {
      ...(at('en_route') ? { en_route: at('en_route')! } : {}),
      ...(clock[0] ? { on_site: clock[0].in } : {}),
      ...(clock.length > 1 && clock[0].out ? { paused: clock[0].out } : {}),
      ...(end && (text('status') === 'done' || text('status') === 'could_not_complete')
        ? { [text('status')]: end }
        : {}),
    }
    res = await callBff(request, context, path, { method: 'PATCH', json: { times, clock }, headers })
  } else if (intent === 'report') {
    res = await callBff(request, context, path, { method: 'PATCH', json: { report: text('report') }, headers })
  } else if (intent === 'part-add') {
    const typed = fromTypedText(partInput, { productId: text('productId'), quantity: text('quantity') }, locale)
    const quantity = typed.errors.quantity
    if (quantity || !text('productId'))
      return data(
        {
          intent,
          errors: {
            ...(quantity ? { quantity: codeText(quantity, t) ?? t.invalid_value() } : {}),
            ...(!text('productId') ? { productId: t.not_a_product() } : {}),
          } as Record<string, string>,
        },
        400,
      )
    // past the stock counted only when the office ticks it (the API refuses a technician who sends it)
    const json = { ...(typed.value as object), ...(text('force') === 'true' ? { force: true } : {}) }
    res = await callBff(request, context, `${path}/parts`, { method: 'POST', json, headers })
  } else {
    const [what, id] = intent === 'part-remove' ? ['parts', text('partId')] : ['photos', text('photoId')]
    res = await callBff(request, context, `${path}/${what}/${encodeURIComponent(id)}`, { method: 'DELETE', headers })
  }
  if (res.status === 401) await requireUser(request, context)
  if (!res.ok)
    return data(
      { intent, errors: refusalErrors(res.status, await res.json().catch(() => null), t) },
      { status: res.status },
    )
  // a tick saves as it is made (no toast); the other changes say so
  if (intent === 'checklist') return { intent, errors: {} as Record<string, string> }
  // on his way without the client told: the toast says so (the screen says what to do)
  const unsent =
    done === 'depart' &&
    ((await res.json().catch(() => null)) as { Dados?: { notice?: string } } | null)?.Dados?.notice !== 'sent'
  const toast =
    intent === 'step' ? `done_visit_${done}${unsent ? '_unsent' : ''}` : `done_visit_${intent.replace('-', '_')}`
  throw redirect(`/view/${MODULE}/${encodeURIComponent(params.id)}?toast=${toast}`)
}

export const meta: Route.MetaFunction = (args) => moduleMeta(args)

/** One part of the visit's screen under its heading (a landmark named by it). */
function VisitSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** What a form or button submits (the button pressed goes with its form, as the browser sends it). */
type Held = HTMLButtonElement | HTMLFormElement

/**
 * Whether a tick of the checklist is on its way (or waits to follow one), and how a form sent
 * meanwhile is held: the visit's version changes with the tick, so a step, the report or a part
 * sent meanwhile would carry the version before it and be refused as stale (412). The page holds
 * the last one sent and sends it once the tick is saved, with the version after it.
 */
const ChecklistSaving = createContext<{ saving: boolean; hold: (target: Held) => void }>({
  saving: false,
  hold: () => undefined,
})

/** One of the visit's forms: its action (`intent`) on the version the page shows, with the CSRF token and the form's key. */
function VisitForm({
  intent,
  version,
  fields = {},
  className,
  children,
}: {
  intent: Intent
  version: string
  fields?: Record<string, string>
  className?: string
  children: ReactNode
}) {
  const { saving, hold } = useContext(ChecklistSaving)
  return (
    <Form
      method="post"
      className={className}
      onSubmit={(event) => {
        if (!saving) return
        event.preventDefault()
        hold(((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null) ?? event.currentTarget)
      }}
    >
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  )
}

export default function Visit({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const locale = useLocale()
  const { timeZone } = useFrame()
  const { page, visit, version, activity, photoError } = loaderData
  const answer = useActionData<typeof action>()
  const errors = answer?.errors ?? {}
  const errorOf = (intent: Intent) => (answer?.intent === intent ? (errors.form ?? null) : null)
  const time = dateTimeFormat(locale, { timeStyle: 'short', timeZone })
  const day = dateTimeFormat(locale, { dateStyle: 'full', timeZone })
  const mayAct = page.level !== 'view'
  const ended = visitEnded(visit.status)
  // a technician's work stops with the visit; the office corrects it after
  const editable = mayAct && (!ended || page.level === 'delete')
  const steps = mayAct ? stepsFrom(visit.status) : []
  const ticks = useFetcher<typeof action>()
  const [ticksOwed, setTicksOwed] = useState(false)
  const saving = ticks.state !== 'idle' || ticksOwed
  // the form sent while a tick was saving (the last one): sent once it is saved
  const held = useRef<Held | null>(null)
  const submit = useSubmit()
  useEffect(() => {
    const target = held.current
    if (saving || !target) return
    held.current = null
    void submit(target)
  }, [saving, submit])
  const hold = useCallback((target: Held) => {
    held.current = target
  }, [])
  return (
    <ChecklistSaving value={{ saving, hold }}>
      <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 pb-16">
        <nav aria-label={t.breadcrumb()}>
          <Link to={`/view/${MODULE}`} className="inline-flex min-h-11 items-center gap-1 font-medium underline">
            ← {page.title}
          </Link>
        </nav>
        <header className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-extrabold tracking-tight">
              {t.board_visit_of({ number: visit.orderNumber, client: visit.clientName })}
            </h1>
            <VisitStatus status={visit.status} />
          </div>
          <p className="text-lg first-letter:uppercase">
            {day.format(new Date(visit.start))} · {time.format(new Date(visit.start))} –{' '}
            {time.format(new Date(visit.end))}
          </p>
          <p className="text-ink-soft">{visit.technicianName}</p>
          <MapsLink address={visit.serviceAddress} large />
          {visit.clientPhone ? (
            <a
              href={`tel:${visit.clientPhone.replace(/[^\d+]/g, '')}`}
              className="inline-flex min-h-12 items-center gap-2 text-lg font-medium underline"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 shrink-0 fill-none stroke-current stroke-2">
                <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
              </svg>
              {t.visit_call({ phone: visit.clientPhone })}
            </a>
          ) : null}
          {visit.problem ? (
            <div className="rounded-lg bg-canvas p-3">
              <p className="text-sm font-semibold">{t.visit_problem()}</p>
              <p className="whitespace-pre-line">{visit.problem}</p>
            </div>
          ) : null}
          {visit.machines.length ? (
            <div className="rounded-lg bg-canvas p-3">
              <p className="text-sm font-semibold">{t.f_equipment()}</p>
              <ul className="list-disc pl-5">
                {visit.machines.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {visit.instructions ? (
            <p className="rounded-lg bg-canvas p-3 whitespace-pre-line">{visit.instructions}</p>
          ) : null}
          {/* the order's page is the office's (its prices and lines); the technician has what he needs here */}
          {page.level !== 'edit' ? (
            <Link to={`/view/cd_ordem/${visit.orderId}`} className="inline-flex min-h-11 items-center underline">
              {t.visit_open_order({ number: visit.orderNumber })}
            </Link>
          ) : null}
        </header>

        <VisitSteps visit={visit} version={version} steps={steps} error={errorOf('step')} />
        <VisitTimes visit={visit} version={version} correct={page.level === 'delete'} error={errorOf('times')} />

        <VisitChecklist
          visit={visit}
          version={version}
          editable={editable}
          error={errorOf('checklist')}
          fetcher={ticks}
          owed={ticksOwed}
          onOwed={setTicksOwed}
        />

        <VisitSection id="report" title={t.visit_report()}>
          {editable ? (
            <VisitForm intent="report" version={version} className="flex flex-col gap-2">
              <label htmlFor="visit-report" className="sr-only">
                {t.visit_report()}
              </label>
              <textarea
                id="visit-report"
                name="report"
                rows={4}
                maxLength={4000}
                defaultValue={visit.report}
                key={visit.report}
                placeholder={t.visit_report_hint()}
                className="rounded-lg border border-line bg-surface p-3 text-base"
              />
              {errorOf('report') ? <Alert tone="error">{errorOf('report')}</Alert> : null}
              <Button type="submit" variant="secondary" className="min-h-12 self-start">
                {t.visit_report_save()}
              </Button>
            </VisitForm>
          ) : (
            <p className="whitespace-pre-line">{visit.report || t.visit_report_none()}</p>
          )}
        </VisitSection>

        <VisitParts
          visit={visit}
          version={version}
          editable={editable}
          office={page.level === 'delete'}
          errors={answer?.intent === 'part-add' || answer?.intent === 'part-remove' ? errors : {}}
        />

        <VisitSection id="photos" title={t.visit_photos()}>
          {visit.photos.length ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="visit-photos">
              {visit.photos.map((p) => (
                <li key={p.id} className="flex flex-col gap-1">
                  <a href={p.url} target="_blank" rel="noreferrer">
                    <img
                      src={p.thumbnailUrl}
                      alt={t.visit_photo_alt({ label: t[`photo_${p.label}`]() })}
                      className="aspect-square w-full rounded-lg border border-line object-cover"
                      loading="lazy"
                    />
                  </a>
                  <span className="text-sm">{t[`photo_${p.label}`]()}</span>
                  {editable && !ended ? (
                    <VisitForm intent="photo-remove" version={version} fields={{ photoId: p.id }}>
                      <Button type="submit" variant="ghost" className="min-h-11 text-sm">
                        {t.visit_photo_remove()}
                      </Button>
                    </VisitForm>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-ink-soft">{t.visit_photos_none()}</p>
          )}
          {errorOf('photo-remove') ? <Alert tone="error">{errorOf('photo-remove')}</Alert> : null}
          {editable ? <VisitPhotoAdd visitId={visit.id} version={version} refused={photoError} /> : null}
        </VisitSection>

        <VisitSection id="signature" title={t.visit_signature()}>
          {visit.signature ? (
            <figure className="flex flex-col gap-1" data-testid="visit-signature">
              <img
                src={visit.signature.url}
                alt={t.visit_signature_alt({ name: visit.signature.name })}
                className="h-32 w-full max-w-sm rounded-lg border border-line bg-white object-contain"
              />
              <figcaption>
                {visit.signature.name} · {time.format(new Date(visit.signature.at))}
              </figcaption>
            </figure>
          ) : (
            <p className="text-ink-soft">{t.visit_signature_none()}</p>
          )}
          {editable && !ended ? (
            <SignatureField visitId={visit.id} version={version} again={visit.signature !== null} />
          ) : null}
        </VisitSection>

        <ActivityList lines={activity} fields={VISIT_FIELDS} />
      </section>
    </ChecklistSaving>
  )
}

/** The next steps as large buttons: on my way (with the arrival told to the client), on site, pause, done, could not complete. */
function VisitSteps({
  visit,
  version,
  steps,
  error,
}: {
  visit: TechOrderRow
  version: string
  steps: TechOrderStep[]
  error: string | null
}) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const etaId = useId()
  const reasonId = useId()
  const main = steps.filter((s) => s !== 'fail')
  // what is not done yet when he finishes: said, and the button says he finishes anyway
  const open = visit.checklist.filter((c) => !c.done).length
  const missing = [
    ...(open ? [t.visit_missing_items({ open: String(open), total: String(visit.checklist.length) })] : []),
    ...(visit.signature ? [] : [t.visit_missing_signature()]),
  ]
  return (
    <section aria-label={t.visit_steps()} className="flex flex-col gap-3">
      {visit.notice && visit.notice !== 'sent' && visit.status === 'en_route' ? (
        <Alert tone="info">{t[`visit_notice_${visit.notice}`]()}</Alert>
      ) : visit.notice === 'sent' && visit.status === 'en_route' ? (
        <p className="text-sm text-ink-soft" role="status">
          {t.visit_notice_sent()}
        </p>
      ) : null}
      {visit.status === 'could_not_complete' ? (
        <Alert tone="info">{t.visit_reason({ reason: visit.reason })}</Alert>
      ) : null}
      {main.map((step) => (
        <VisitForm key={step} intent="step" version={version} fields={{ step }} className="flex flex-col gap-2">
          {step === 'depart' ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={etaId} className="text-sm font-medium text-ink-soft">
                {t.visit_eta()}
              </label>
              <select
                id={etaId}
                name="etaMinutes"
                defaultValue="30"
                className="min-h-12 rounded-lg border border-line bg-surface px-3 text-base"
              >
                {ETA_CHOICES.map((m) => (
                  <option key={m} value={m}>
                    {t.visit_eta_minutes({ minutes: String(m) })}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {step === 'finish' && missing.length ? (
            <p className="text-sm" id="finish-missing">
              {t.visit_finish_missing({ what: missing.join(', ') })}
            </p>
          ) : null}
          <Button
            type="submit"
            disabled={busy}
            variant={step === 'pause' ? 'secondary' : 'primary'}
            className="min-h-14 w-full text-lg"
            aria-describedby={step === 'finish' && missing.length ? 'finish-missing' : undefined}
          >
            {step === 'finish' && missing.length ? t.visit_finish_anyway() : t[`visit_${step}`]()}
          </Button>
        </VisitForm>
      ))}
      {steps.includes('fail') ? (
        <details className="rounded-lg border border-line p-3">
          <summary className="flex min-h-11 cursor-pointer items-center font-medium">{t.visit_fail()}</summary>
          <VisitForm intent="step" version={version} fields={{ step: 'fail' }} className="mt-2 flex flex-col gap-2">
            <label htmlFor={reasonId} className="text-sm font-medium text-ink-soft">
              {t.visit_fail_reason()}
            </label>
            <textarea
              id={reasonId}
              name="reason"
              required
              maxLength={500}
              rows={3}
              className="rounded-lg border border-line bg-surface p-3 text-base"
            />
            <Button type="submit" variant="danger" disabled={busy} className="min-h-12">
              {t.visit_fail_confirm()}
            </Button>
          </VisitForm>
        </details>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  )
}

/** When he set off, each span on site, the end, and the time on site; the office corrects them. */
function VisitTimes({
  visit,
  version,
  correct,
  error,
}: {
  visit: TechOrderRow
  version: string
  correct: boolean
  error: string | null
}) {
  const t = useT()
  const locale = useLocale()
  const { timeZone } = useFrame()
  const time = dateTimeFormat(locale, { timeStyle: 'short', timeZone })
  const at = (iso: string) => time.format(new Date(iso))
  const end = visit.times.done ? 'done' : visit.times.could_not_complete ? 'could_not_complete' : null
  if (!visit.times.en_route && !visit.clock.length) return null
  /** A time field of the correction: its day kept, its time typed. */
  const field = (name: string, label: string, iso: string) => (
    <div key={name} className="flex items-center gap-3">
      <input type="hidden" name={`date_${name}`} value={dateIn(timeZone, Date.parse(iso))} />
      <label htmlFor={`time_${name}`} className="w-40 text-ink-soft">
        {label}
      </label>
      <input
        id={`time_${name}`}
        name={`time_${name}`}
        type="time"
        defaultValue={wallTime(timeZone).format(Date.parse(iso))}
        className="min-h-11 rounded-lg border border-line bg-surface px-3"
      />
    </div>
  )
  return (
    <VisitSection id="times" title={t.visit_times()}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="visit-times">
        {visit.times.en_route ? (
          <div className="contents">
            <dt className="text-ink-soft">{t.visit_en_route()}</dt>
            <dd className="tabular-nums">{at(visit.times.en_route)}</dd>
          </div>
        ) : null}
        {visit.eta && visit.status === 'en_route' ? (
          <div className="contents">
            <dt className="text-ink-soft">{t.visit_eta_told()}</dt>
            <dd className="tabular-nums">{at(visit.eta)}</dd>
          </div>
        ) : null}
        {visit.clock.map((span, i) => (
          <div key={span.in} className="contents">
            <dt className="text-ink-soft">{t.visit_on_site()}</dt>
            <dd className="tabular-nums">
              {at(span.in)} – {span.out ? at(span.out) : i === visit.clock.length - 1 ? t.visit_now() : ''}
            </dd>
          </div>
        ))}
        {end ? (
          <div className="contents">
            <dt className="text-ink-soft">{t[`visit_${end}`]()}</dt>
            <dd className="tabular-nums">{at(visit.times[end]!)}</dd>
          </div>
        ) : null}
        <div className="contents">
          <dt className="text-ink-soft">{t.visit_on_site_time()}</dt>
          <dd className="tabular-nums">{durationText(t, visit.minutesOnSite)}</dd>
        </div>
      </dl>
      {correct ? (
        <details className="rounded-lg border border-line p-3">
          <summary className="flex min-h-11 cursor-pointer items-center font-medium">{t.visit_correct_times()}</summary>
          <VisitForm
            intent="times"
            version={version}
            fields={{ timeZone, status: visit.status, spans: String(visit.clock.length) }}
            className="mt-2 flex flex-col gap-2"
          >
            {visit.times.en_route ? field('en_route', t.visit_en_route(), visit.times.en_route) : null}
            {visit.clock.map((span, i) => [
              field(`in_${i}`, t.visit_span_in({ n: String(i + 1) }), span.in),
              span.out ? field(`out_${i}`, t.visit_span_out({ n: String(i + 1) }), span.out) : null,
            ])}
            {error ? <Alert tone="error">{error}</Alert> : null}
            <Button type="submit" variant="secondary" className="min-h-12 self-start">
              {t.visit_correct_save()}
            </Button>
          </VisitForm>
        </details>
      ) : null}
    </VisitSection>
  )
}

/**
 * The checklist from the order's jobs, each tick saved as it is made (a Save button without
 * scripts). Ticks made while a save is on its way wait for it
 * and go after in one save, with the visit's version that one left: the form sends every box, so
 * the last save holds them all (quick ticks were refused as stale, and lost).
 */
function VisitChecklist({
  visit,
  version,
  editable,
  error,
  fetcher,
  owed,
  onOwed,
}: {
  visit: TechOrderRow
  version: string
  editable: boolean
  error: string | null
  fetcher: ReturnType<typeof useFetcher<typeof action>>
  owed: boolean
  onOwed: (owed: boolean) => void
}) {
  const t = useT()
  const form = useRef<HTMLFormElement>(null)
  // ticks made, ticks the last save held, and a save asked that has not started yet (a fetcher's
  // state changes only once its submission starts: until then the save is still owed)
  const made = useRef(0)
  const held = useRef(0)
  const starting = useRef(false)
  const [settled, setSettled] = useState(0)
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      starting.current = false
      return
    }
    if (starting.current || !form.current) return
    if (made.current > held.current) {
      held.current = made.current
      starting.current = true
      // settled without a render seen busy (a save refused at once): asked again on the next one
      void fetcher.submit(form.current).finally(() => {
        starting.current = false
        setSettled((n) => n + 1)
      })
    } else if (owed) onOwed(false)
  }, [fetcher, owed, onOwed, settled])
  if (!visit.checklist.length) return null
  const saving = fetcher.state !== 'idle' || owed
  const failed = fetcher.data?.errors?.form ?? error
  return (
    <section aria-labelledby="checklist-title" className="flex flex-col gap-2">
      <h2 id="checklist-title" className="text-xl font-bold">
        {t.visit_checklist()}{' '}
        <span className="text-base font-normal text-ink-soft">
          {t.visit_checklist_count({
            done: String(visit.checklist.filter((c) => c.done).length),
            total: String(visit.checklist.length),
          })}
        </span>
      </h2>
      <fetcher.Form
        ref={form}
        method="post"
        onChange={() => {
          made.current++
          onOwed(true)
        }}
        className="flex flex-col gap-1"
        data-testid="visit-checklist"
      >
        <CsrfField />
        <input type="hidden" name="intent" value="checklist" />
        <input type="hidden" name="version" value={version} />
        {visit.checklist.map((c, i) => (
          <label key={`${i}-${c.item}`} className="flex min-h-12 items-center gap-3 rounded-lg px-2 hover:bg-canvas">
            <input
              type="checkbox"
              name="checked"
              value={i}
              defaultChecked={c.done}
              disabled={!editable}
              className="size-6 shrink-0"
            />
            <span>{c.item}</span>
          </label>
        ))}
        {editable ? (
          <noscript>
            <Button type="submit" variant="secondary" className="min-h-12">
              {t.visit_checklist_save()}
            </Button>
          </noscript>
        ) : null}
        <p role="status" className="min-h-5 text-sm text-ink-soft">
          {saving ? t.visit_saving() : ''}
        </p>
        {failed ? <Alert tone="error">{failed}</Alert> : null}
      </fetcher.Form>
    </section>
  )
}

/**
 * The parts used: each with its quantity (a tap takes it back), and a product picked to add, at its
 * price; the office may take one beyond the stock counted (`office`), which a technician is refused.
 */
function VisitParts({
  visit,
  version,
  editable,
  office,
  errors,
}: {
  visit: TechOrderRow
  version: string
  editable: boolean
  office: boolean
  errors: Record<string, string>
}) {
  const t = useT()
  const locale = useLocale()
  const number = numberFormat(locale, { maximumFractionDigits: 3 })
  const quantityId = useId()
  return (
    <VisitSection id="parts" title={t.visit_parts()}>
      {visit.parts.length ? (
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line" data-testid="visit-parts">
          {visit.parts.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 p-3">
              <span>
                <span className="font-semibold tabular-nums">{number.format(p.quantity)} ×</span> {p.name}
                {p.sku ? <span className="text-sm text-ink-soft"> ({p.sku})</span> : null}
              </span>
              {editable ? (
                <VisitForm intent="part-remove" version={version} fields={{ partId: p.id }}>
                  <Button
                    type="submit"
                    variant="ghost"
                    className="min-h-11 text-sm"
                    aria-label={t.visit_part_remove_named({ name: p.name })}
                  >
                    {t.visit_part_remove()}
                  </Button>
                </VisitForm>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-soft">{t.visit_parts_none()}</p>
      )}
      {editable ? (
        // a new form after each part (its picker and quantity start empty again)
        <VisitForm
          key={visit.parts.length}
          intent="part-add"
          version={version}
          className="flex flex-col gap-2 rounded-lg border border-line p-3"
        >
          <label htmlFor="visit-part" className="text-sm font-medium text-ink-soft">
            {t.visit_part_product()}
          </label>
          <PickerInput
            id="visit-part"
            name="productId"
            source="/resources/part-options"
            value=""
            label=""
            required
            invalid={Boolean(errors.productId)}
          />
          {errors.productId ? <p className="text-sm text-red-700 dark:text-red-300">{errors.productId}</p> : null}
          <label htmlFor={quantityId} className="text-sm font-medium text-ink-soft">
            {t.visit_part_quantity()}
          </label>
          <input
            id={quantityId}
            name="quantity"
            inputMode="decimal"
            defaultValue="1"
            required
            aria-invalid={errors.quantity ? true : undefined}
            className="min-h-12 w-32 rounded-lg border border-line bg-surface px-3 text-base"
          />
          {errors.quantity ? <p className="text-sm text-red-700 dark:text-red-300">{errors.quantity}</p> : null}
          {office ? (
            <label className="flex min-h-11 items-center gap-3 text-sm">
              <input type="checkbox" name="force" value="true" className="size-5 shrink-0" />
              {t.visit_part_force()}
            </label>
          ) : null}
          {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
          <Button type="submit" variant="secondary" className="min-h-12 self-start">
            {t.visit_part_add()}
          </Button>
        </VisitForm>
      ) : null}
    </VisitSection>
  )
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
