import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/techorders'
import { addDays } from '../../../domain/dates.ts'
import {
  TECH_ORDER_FROM,
  TECH_ORDER_STEPS,
  techOrderRow,
  type TechOrderStep,
} from '../../../domain/schemas/appointments.ts'
import { Breadcrumb } from '../../components/breadcrumb'
import { moduleMeta } from '../../kit/screens'
import { useFrame } from '../../layouts/frame/frame-context'
import { callBff } from '../../lib/api.server'
import { readAnswer } from '../../lib/answer.server'
import { submittedForm } from '../../lib/forms.server'
import { useLocale, useT } from '../../lib/i18n'
import { pageInfo } from '../../lib/page-info.server'
import { requireUser } from '../../lib/session.server'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'

const MODULE = 'cd_techorders'
const STEP_LABEL = { depart: 'visit_depart', arrive: 'visit_arrive', finish: 'visit_finish' } as const

/**
 * cd_techorders (docs/domain.md): the visits of the current branch from today to a month ahead — a technician's
 * own, everyone's for the office — each moved along by its technician: on my way, on site, done.
 * (The visit's checklist, photos, parts and signature come with the technician's day.)
 */
export async function loader(args: Route.LoaderArgs) {
  const page = await pageInfo(args.request, args.context, MODULE)
  // from today in the branch (its default) to a month ahead
  const visits = await readAnswer(
    args,
    `/${MODULE}?to=${addDays(new Date().toISOString().slice(0, 10), 31)}`,
    z.array(techOrderRow),
  )
  return { page, visits: visits.data }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await submittedForm(request, context)
  const id = String(form.get('id') ?? '')
  const step = String(form.get('step') ?? '') as TechOrderStep
  if (!(step in TECH_ORDER_STEPS)) throw data(null, { status: 400 })
  const res = await callBff(request, context, `/${MODULE}/${encodeURIComponent(id)}/${step}`, { method: 'POST' })
  if (res.status === 401) await requireUser(request, context)
  throw redirect(`/view/${MODULE}?toast=${res.ok ? `done_visit_${step}` : 'error_unexpected'}`)
}

export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function TechOrders({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const locale = useLocale()
  const { page, visits } = loaderData
  // in the company's zone, not the device's: the server and the browser write the same time
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: useFrame().timeZone,
  })
  const mayAct = page.level === 'edit' || page.level === 'delete'
  return (
    <section className="flex flex-col gap-4">
      <Breadcrumb group={page.group} title={page.title} />
      <h1 className="text-3xl font-extrabold tracking-tight">{page.title}</h1>
      {visits.length ? (
        <ul className="flex max-w-2xl flex-col gap-3" data-testid="visits">
          {visits.map((v) => {
            const next = (Object.keys(TECH_ORDER_FROM) as TechOrderStep[]).find((s) => TECH_ORDER_FROM[s] === v.status)
            return (
              <li
                key={v.id}
                className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4"
                data-testid="visit"
              >
                <p className="font-semibold">{when.format(new Date(v.start))}</p>
                <Link to={`/view/cd_ordem/${v.orderId}`} className="font-medium underline">
                  {t.board_visit_of({ number: v.orderNumber, client: v.clientName })}
                </Link>
                {/* the address opening the phone's maps comes with the technician's day */}
                {v.serviceAddress ? <p>{v.serviceAddress}</p> : null}
                {v.instructions ? <p className="text-sm text-ink-soft">{v.instructions}</p> : null}
                <p className="text-sm">
                  {t.f_status()}: <strong>{(t[`visit_${v.status}`] as () => string)()}</strong>
                </p>
                {next && mayAct ? (
                  <Form method="post">
                    <CsrfField />
                    <input type="hidden" name="id" value={v.id} />
                    <input type="hidden" name="step" value={next} />
                    <Button type="submit" className="min-h-12 w-full sm:w-auto">
                      {t[STEP_LABEL[next]]()}
                    </Button>
                  </Form>
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="text-ink-soft">{t.visits_none()}</p>
      )}
    </section>
  )
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
