import { arrayOf } from '../../../domain/schemas/common.ts'
import { dateIn } from '../../../domain/dates.ts'
import { dayVisitRow } from '../../../domain/schemas/appointments.ts'
import { dateTimeFormat } from '../../../domain/intl.ts'
import type { HomeCardData } from '../../kit/home.server'
import { readAnswer } from '../../lib/answer.server'
import { requestLocale } from '../../lib/cookies.server'
import { loadFrame } from '../../lib/frame.server'
import { CULTURES, translator } from '../../lib/i18n'

type Args = Parameters<typeof readAnswer>[0]

const CARD_ROWS = 5

/**
 * The office's home card of the branch's visits today (and those under way), in time order: when,
 * the client, who and how it stands. Only for who books them (the board at edit); a technician's
 * home is his own day.
 */
export async function loadTodayCard(args: Args): Promise<HomeCardData | null> {
  const { frame } = await loadFrame(args)
  const board = frame?.pages.find((p) => p.module === 'cd_ordemagendamento')?.level
  if (!frame || (board !== 'edit' && board !== 'delete')) return null
  const today = dateIn(frame.timeZone, Date.now())
  const visits = await readAnswer(args, `/cd_techorders?from=${today}&to=${today}`, arrayOf(dayVisitRow)).then(
    (a) => a.data,
    () => null,
  )
  if (!visits) return null
  const locale = requestLocale(args.request)
  const t = translator(locale)
  const time = dateTimeFormat(CULTURES[locale], { timeStyle: 'short', timeZone: frame.timeZone })
  return {
    id: 'visits-today',
    module: 'cd_techorders',
    title: t.home_visits_today(),
    empty: t.home_visits_today_none(),
    more: '/view/cd_ordemagendamento',
    total: visits.length,
    items: visits.slice(0, CARD_ROWS).map((v) => ({
      label: `${time.format(new Date(v.start))} · ${v.clientName}`,
      detail: `${v.technicianName} · ${v.orderNumber}`,
      aside: t[`visit_${v.status}`](),
      href: `/view/cd_techorders/${v.id}`,
    })),
  }
}
