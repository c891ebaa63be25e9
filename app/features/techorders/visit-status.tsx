import type { TechOrderStatus } from '../../../domain/schemas/appointments.ts'
import { useT, type Translator } from '../../lib/i18n'

// the board's colours of each status (app.css agenda-status), dark text on a light pill in both schemes
const TONE: Record<TechOrderStatus, string> = {
  assigned: 'bg-slate-200 text-slate-800',
  en_route: 'bg-amber-100 text-amber-900',
  on_site: 'bg-sky-100 text-sky-900',
  paused: 'bg-violet-100 text-violet-900',
  done: 'bg-green-100 text-green-900',
  could_not_complete: 'bg-red-100 text-red-900',
}

/** A visit's status as a pill, in the user's language. */
export function VisitStatus({ status }: { status: TechOrderStatus }) {
  const t = useT()
  return (
    <span className={`rounded-full px-3 py-1 text-sm font-semibold ${TONE[status]}`} data-testid="visit-status">
      {t[`visit_${status}`]()}
    </span>
  )
}

/** A time on site in words: "45 min", "4 h 32 min". */
export const durationText = (t: Translator, minutes: number) =>
  minutes < 60
    ? t.visit_minutes({ minutes: String(minutes) })
    : t.visit_hours_minutes({ hours: String(Math.floor(minutes / 60)), minutes: String(minutes % 60) })
