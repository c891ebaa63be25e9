import { Form, useNavigation } from 'react-router'
import { useLocale, useT } from '../lib/i18n'
import { CsrfField } from '../ui/csrf-field'
import { Badge } from '../ui/badge'
import { Button } from '../ui/button'
import { factFormat } from './fact-format'
import { useFrame } from '../layouts/frame/frame-context'
import type { FeatureModule } from './module'

type Values = Record<string, unknown>

/** The record's state as a badge, in the user's language. */
export function StateBadge({ def, values }: { def: FeatureModule; values: Values }) {
  const t = useT()
  const state = def.stateKey ? String(values[def.stateKey] ?? '') : ''
  const label = def.states?.[state]
  if (!label) return null
  return (
    <span data-testid="state-badge">
      <Badge tone={state === 'approved' || state === 'converted' ? 'success' : 'neutral'}>
        {(t[label] as () => string)()}
      </Badge>
    </span>
  )
}

/** The lifecycle actions the record's state allows (each a POST of its own, with the version read). */
export function RecordActions({
  def,
  values,
  version,
}: {
  def: FeatureModule
  values: Values
  version: string | null
}) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const state = def.stateKey ? String(values[def.stateKey] ?? '') : ''
  // a module without states offers its actions by their `offered` alone
  const actions = (def.actions ?? []).filter(
    (a) => (!def.stateKey || a.when.includes(state)) && (a.offered?.(values) ?? true),
  )
  if (actions.length === 0) return null
  return (
    <Form method="post" className="flex flex-wrap gap-2" aria-label={t.record_actions()}>
      <CsrfField />
      <input type="hidden" name="version" value={version ?? ''} />
      {actions.map((action) => {
        const button = (
          <Button
            key={action.name}
            type="submit"
            name="intent"
            value={`action:${action.name}`}
            variant={action.variant ?? 'secondary'}
            disabled={busy}
          >
            {(t[action.label] as () => string)()}
          </Button>
        )
        if (action.text) {
          // the text goes with its action: a labelled field beside its button
          const id = `action-${action.name}-${action.text.name}`
          return (
            <span key={action.name} className="inline-flex flex-wrap items-center gap-2">
              <label htmlFor={id} className="sr-only">
                {(t[action.text.label] as () => string)()}
              </label>
              <input
                id={id}
                name={action.text.name}
                maxLength={500}
                placeholder={(t[action.text.label] as () => string)()}
                className="min-h-11 rounded-md border border-line bg-surface px-2 text-ink"
              />
              {button}
            </span>
          )
        }
        if (!action.choice) return button
        // the choice goes with its action: a labelled select beside its button
        const id = `action-${action.name}-${action.choice.name}`
        return (
          <span key={action.name} className="inline-flex items-center gap-2">
            <label htmlFor={id} className="sr-only">
              {(t[action.choice.label] as () => string)()}
            </label>
            <select
              id={id}
              name={action.choice.name}
              className="min-h-11 rounded-md border border-line bg-surface px-2 text-ink"
            >
              {action.choice.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {(t[label] as () => string)()}
                </option>
              ))}
            </select>
            {button}
          </span>
        )
      })}
    </Form>
  )
}

/** Read-only facts of the record (number, totals ...), amounts and dates in the user's culture. */
export function RecordFacts({ def, values }: { def: FeatureModule; values: Values }) {
  const t = useT()
  const locale = useLocale()
  const { timeZone } = useFrame()
  if (!def.facts) return null
  const format = factFormat(t, locale, values.currency, timeZone)
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-xl border border-line bg-surface p-4 text-sm sm:max-w-md">
      {def.facts(values, format).map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="text-muted">{(t[fact.label] as () => string)()}</dt>
          <dd className={`text-right tabular-nums ${fact.strong ? 'text-base font-bold' : ''}`}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  )
}
