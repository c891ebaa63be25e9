import { Form, redirect, useRouteLoaderData, useSearchParams } from 'react-router'
import type { Route } from './+types/home'
import type { ViewLayoutData } from '../../layouts/view-layout'
import { arrayOf } from '../../../domain/schemas/common.ts'
import { addDays } from '../../../domain/dates.ts'
import { dayVisitRow } from '../../../domain/schemas/appointments.ts'
import { FEATURES } from '../../features'
import { DayList } from '../../features/techorders/day-list'
import { readAnswer } from '../../lib/answer.server'
import { HomeCards } from '../../kit/home-cards'
import { RevenueCard } from '../../features/cd_reports/revenue-card'
import { loadRevenueCard } from '../../features/cd_reports/revenue-card.server'
import { loadTodayCard } from '../../features/techorders/today-card.server'
import { loadHomeCards } from '../../kit/home.server'
import { apiClient } from '../../lib/api.server'
import { titled, useT } from '../../lib/i18n'
import { requireUser } from '../../lib/session.server'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'
import { submittedForm } from '../../lib/forms.server'

export const meta = titled('home_title')

/** The companies that invited the person and wait for an answer (usually none), and the modules' cards. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const to = addDays(new Date().toISOString().slice(0, 10), 7)
  const [res, home, day, revenue, today] = await Promise.all([
    apiClient(request, context).common.invitations.$get(),
    loadHomeCards({ request, context }, Object.values(FEATURES)),
    // the caller's own visits of the week (a technician's day); none for who may not open them
    readAnswer({ request, context }, `/cd_techorders?mine=true&to=${to}`, arrayOf(dayVisitRow)).then(
      (a) => a.data,
      () => null,
    ),
    // the owner's figures and the office's visits today: each for who may read them
    loadRevenueCard({ request, context }),
    loadTodayCard({ request, context }),
  ])
  return {
    invitations: res.ok ? await res.json() : [],
    revenue,
    ...home,
    cards: today ? [today, ...home.cards] : home.cards,
    day,
  }
}

/** Accept or decline one invitation; the page comes back with a toast (accepting also refreshes the switcher). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  const form = await submittedForm(request, context)
  const empresa = String(form.get('empresa') ?? '')
  const decision = form.get('decision') === 'accept' ? 'accept' : 'decline'
  const invitation = apiClient(request, context).common.invitations[':empresa']
  const res = await (decision === 'accept' ? invitation.accept : invitation.decline).$post({ param: { empresa } })
  const toast = res.ok
    ? decision === 'accept'
      ? 'invitation_accepted'
      : 'invitation_declined'
    : res.status === 403
      ? 'email_unconfirmed'
      : 'error_unexpected'
  throw redirect(`/view/home?toast=${toast}`)
}

export default function ViewHome({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const frame = useRouteLoaderData('layouts/view-layout') as ViewLayoutData
  const levelOf = (module: string) => frame.pages.find((p) => p.module === module)?.level ?? 'none'
  // a technician's home is his day (he works visits and does not book them); anyone's when he has visits
  const board = levelOf('cd_ordemagendamento')
  const myDay =
    loaderData.day !== null &&
    (loaderData.day.length > 0 || (levelOf('cd_techorders') === 'edit' && board !== 'edit' && board !== 'delete'))
  // a first sign-in (a company just founded, or joined) is welcomed, not welcomed back (FIRST_SIGN_IN: app/lib/session.server.ts)
  const first = useSearchParams()[0].get('welcome') === 'first'
  const branch = frame.branches.find(
    (b) => b.COD_EMPRESA === frame.current?.COD_EMPRESA && b.COD_FILIAL === frame.current?.COD_FILIAL,
  )
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-3xl font-extrabold tracking-tight">
        {first ? t.home_welcome_first({ name: frame.user.name }) : t.home_welcome({ name: frame.user.name })}
      </h1>
      <p className="text-ink-soft" data-testid="tenant">
        {branch
          ? t.home_tenant({ company: branch.NOME_EMPRESA, branch: branch.NOM_FILIAL })
          : frame.inactiveBranches.length > 0
            ? t.home_branch_inactive({ branch: frame.inactiveBranches.join(', ') })
            : t.home_no_tenant()}
      </p>
      {loaderData.invitations.length ? (
        <section aria-labelledby="invitations" className="flex flex-col gap-2">
          <h2 id="invitations" className="text-xl font-bold">
            {t.invitations_title()}
          </h2>
          <ul className="flex flex-col gap-2">
            {loaderData.invitations.map((inv) => (
              <li
                key={inv.empresa}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface p-3"
              >
                <span className="grow">
                  {t.invitation_text({ company: inv.company, role: t[`role_${inv.role}`]() })}
                </span>
                <Form method="post" className="flex gap-2">
                  <CsrfField />
                  <input type="hidden" name="empresa" value={inv.empresa} />
                  <Button type="submit" name="decision" value="accept">
                    {t.invitation_accept()}
                  </Button>
                  <Button type="submit" name="decision" value="decline" variant="secondary">
                    {t.invitation_decline()}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {myDay ? (
        <section aria-labelledby="my-day" className="flex max-w-2xl flex-col gap-3">
          <h2 id="my-day" className="sr-only">
            {t.home_my_day()}
          </h2>
          <DayList visits={loaderData.day ?? []} />
        </section>
      ) : null}
      <HomeCards cards={loaderData.cards} setup={loaderData.setup} levelOf={levelOf}>
        {loaderData.revenue ? <RevenueCard figures={loaderData.revenue} /> : null}
      </HomeCards>
    </section>
  )
}
