import { currencyOf, formatMoney } from '../../domain/money.ts'
import { panelTime } from '../lib/format'
import { useLocale, useT, type Translator } from '../lib/i18n'
import { useFrame } from '../layouts/frame/frame-context'
import type { Field } from './module'

export type ActivityLine = {
  id: string
  at: string
  userName: string
  action: string
  fields?: string[]
  money?: { amount: number; currency: string; reference: string }
}

/** A record's timeline (docs/domain.md: each change records who and when), newest first, the fields changed by their labels. */
export function ActivityList({
  lines,
  fields,
}: {
  lines: ActivityLine[]
  fields: ReadonlyArray<Pick<Field, 'name' | 'label'>>
}) {
  const t = useT()
  const locale = useLocale()
  const { timeZone } = useFrame()
  const label = (name: string) => {
    const field = fields.find((f) => f.name === name)
    return field ? (t[field.label] as () => string)().toLocaleLowerCase(locale) : name
  }
  const sentence = (line: ActivityLine) => {
    const user = line.userName
    if (line.action === 'created') return t.activity_created({ user })
    if (line.action === 'updated')
      return t.activity_updated({ user, fields: (line.fields ?? []).map(label).join(', ') })
    if (line.action === 'deactivated') return t.activity_deactivated({ user })
    if (line.action === 'restored') return t.activity_restored({ user })
    const own = `activity_${line.action}`
    // a line about money names it (a card payment the invoice could not take, a refund)
    const money = line.money
      ? {
          amount: formatMoney(line.money.amount, currencyOf(line.money.currency), locale),
          reference: line.money.reference,
        }
      : {}
    return own in t
      ? (t[own as keyof Translator] as (inputs: { user: string }) => string)({ user, ...money })
      : t.activity_other({ user, action: line.action })
  }
  return (
    <section aria-labelledby="activity-title" className="flex flex-col gap-3">
      <h2 id="activity-title" className="text-lg font-bold">
        {t.activity_title()}
      </h2>
      {lines.length === 0 ? (
        <p className="text-sm text-muted">{t.activity_empty()}</p>
      ) : (
        <ol className="flex flex-col gap-2 border-l-2 border-line pl-4">
          {lines.map((line) => (
            <li key={line.id} className="text-sm">
              <span className="block text-ink">{sentence(line)}</span>
              <time dateTime={line.at} className="text-xs text-muted">
                {panelTime(line.at, locale, timeZone)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
