import type { TechOrderStatus } from '../../../domain/schemas/appointments.ts'
import { useT, type Translator } from '../../lib/i18n'

/** A visit's status as a pill, in the user's language. */
export function VisitStatus({ status }: { status: TechOrderStatus }) {
  const t = useT()
  return (
    <span className="visit-status px-3 py-1 text-sm" data-status={status} data-testid="visit-status">
      {t[`visit_${status}`]()}
    </span>
  )
}

/** A time on site in words: "45 min", "4 h 32 min". */
export const durationText = (t: Translator, minutes: number) =>
  minutes < 60
    ? t.visit_minutes({ minutes: String(minutes) })
    : t.visit_hours_minutes({ hours: String(Math.floor(minutes / 60)), minutes: String(minutes % 60) })
