import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { useT } from '../lib/i18n'
import { FieldError } from '../ui/field-error'
import type { PickAnswer } from '../routes/resources/pick'

/**
 * A list of choices (a checkbox each, one name) that are the records of another field's choice
 * (Field.within: an invoice's orders to bill, the picked client's), asked of the picker's resource
 * route when that choice is made; none before. Its parent draws it again for another choice (a
 * `key` per choice), so one client's records never show under another's.
 */
export function PickedChoices({
  name,
  label,
  hint,
  source,
  param,
  within,
  withinLabel,
  checked,
  error,
  describedBy,
}: {
  name: string
  label: string
  hint?: string
  /** The resource route of the choices: /resources/pick/<module>/<picker>. */
  source: string
  /** The list filter the other field's choice goes in (`clientId`). */
  param: string
  /** The other field's choice, or '' before it is made. */
  within: string
  withinLabel: string
  checked: ReadonlySet<string>
  error?: string
  describedBy?: string
}) {
  const t = useT()
  const choices = useFetcher<PickAnswer>()
  useEffect(() => {
    if (within) choices.load(`${source}?${new URLSearchParams({ [param]: within })}`)
  }, [within])
  const options = choices.data?.options ?? []
  return (
    <fieldset
      className="flex flex-col gap-1 sm:col-span-2"
      aria-describedby={describedBy}
      aria-busy={choices.state !== 'idle'}
    >
      <legend className="text-sm font-medium text-ink-soft">{label}</legend>
      {hint ? <p className="text-sm text-muted">{hint}</p> : null}
      {!within ? (
        <p className="text-sm text-muted">{t.choices_within_first({ field: withinLabel })}</p>
      ) : !choices.data ? (
        <p className="text-sm text-muted">{t.loading()}</p>
      ) : options.length === 0 ? (
        <p className="text-sm text-muted">{t.choices_none()}</p>
      ) : (
        <div className="flex flex-col">
          {options.map((option) => (
            <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={name}
                value={option.value}
                defaultChecked={checked.has(option.value)}
                className="h-5 w-5"
              />
              {option.label}
            </label>
          ))}
        </div>
      )}
      <FieldError id={describedBy} error={error} />
    </fieldset>
  )
}
