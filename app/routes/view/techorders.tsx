import { arrayOf } from '../../../domain/schemas/common.ts'
import type { Route } from './+types/techorders'
import { Link } from 'react-router'
import { addDays, isIsoDate } from '../../../domain/dates.ts'
import { useT } from '../../lib/i18n'
import { dayVisitRow } from '../../../domain/schemas/appointments.ts'
import { Breadcrumb } from '../../components/breadcrumb'
import { DayList } from '../../features/techorders/day-list'
import { moduleMeta } from '../../kit/module-meta'
import { readAnswer } from '../../lib/answer.server'
import { pageInfo } from '../../lib/page-info.server'

const MODULE = 'cd_techorders'
/** The days a technician's list shows: today and two weeks ahead. */
export const DAY_LIST_DAYS = 14

/**
 * cd_techorders (docs/domain.md): the visits of the current branch from today to two weeks ahead —
 * a technician's own (his day), everyone's for the office — grouped by day; each opens its visit.
 */
export async function loader(args: Route.LoaderArgs) {
  const page = await pageInfo(args.request, args.context, MODULE)
  // from a day asked for (the next two weeks' link), else from today in the branch
  const asked = new URL(args.request.url).searchParams.get('from') ?? ''
  const from = isIsoDate(asked) ? asked : null
  const to = addDays(from ?? new Date().toISOString().slice(0, 10), DAY_LIST_DAYS)
  const visits = await readAnswer(args, `/${MODULE}?${from ? `from=${from}&` : ''}to=${to}`, arrayOf(dayVisitRow))
  return { page, visits: visits.data, next: addDays(to, 1) }
}

export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function TechOrders({ loaderData }: Route.ComponentProps) {
  const { page, visits, next } = loaderData
  const t = useT()
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <Breadcrumb group={page.group} title={page.title} />
      <h1 className="text-3xl font-extrabold tracking-tight">{page.title}</h1>
      <DayList visits={visits} withTechnician={visits.some((v) => v.technicianName !== visits[0].technicianName)} />
      <Link to={`?from=${next}`} className="record-link self-start">
        {t.visits_next_weeks()}
      </Link>
    </section>
  )
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
