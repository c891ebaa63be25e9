import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { useT } from '../lib/i18n'
import { FieldError } from '../ui/field-error'
import type { PickAnswer } from '../routes/resources/pick'

type Box = { value: string; label: string }

/**
 * A list of choices, a checkbox each under one name (the form joins the checked ones), or a line
 * saying why there is none to check (`status`); long labels stack one under another.
 */
export function ChoiceBoxes({
  name,
  label,
  hint,
  boxes,
  status,
  checked,
  stacked,
  wide,
  busy,
  error,
  describedBy,
}: {
  name: string
  label: string
  hint?: string
  boxes: Box[]
  status?: string
  /** The checked values, as the form holds them (joined by commas). */
  checked: string
  stacked?: boolean
  wide?: boolean
  busy?: boolean
  error?: string
  describedBy?: string
}) {
  const on = new Set(checked.split(',').map((v) => v.trim()))
  return (
    <fieldset
      className={`flex flex-col gap-1 ${wide ? 'sm:col-span-2' : ''}`}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
    >
      <legend className="text-sm font-medium text-ink-soft">{label}</legend>
      {hint ? <p className="text-sm text-muted">{hint}</p> : null}
      {status ? (
        <p className="text-sm text-muted">{status}</p>
      ) : (
        <div className={stacked ? 'flex flex-col' : 'flex flex-wrap gap-x-5'}>
          {boxes.map((box) => (
            <label key={box.value} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={name}
                value={box.value}
                defaultChecked={on.has(box.value)}
                className="h-5 w-5"
              />
              {box.label}
            </label>
          ))}
        </div>
      )}
      <FieldError id={describedBy} error={error} />
    </fieldset>
  )
}

/**
 * The choices that are the records of another field's choice (Field.within: an invoice's orders
 * to bill, the picked client's), asked of the picker's resource route when that choice is made;
 * none before. Its parent draws it again for another choice (a `key` per choice), so one client's
 * records never show under another's.
 */
export function PickedChoices({
  source,
  param,
  within,
  withinLabel,
  ...boxes
}: Omit<Parameters<typeof ChoiceBoxes>[0], 'boxes' | 'status' | 'stacked' | 'busy'> & {
  /** The resource route of the choices: /resources/pick/<module>/<picker>. */
  source: string
  /** The list filter the other field's choice goes in (`clientId`). */
  param: string
  /** The other field's choice, or '' before it is made. */
  within: string
  withinLabel: string
}) {
  const t = useT()
  const choices = useFetcher<PickAnswer>()
  useEffect(() => {
    if (within) choices.load(`${source}?${new URLSearchParams({ [param]: within })}`)
  }, [within])
  const options = choices.data?.options ?? []
  const status = !within
    ? t.choices_within_first({ field: withinLabel })
    : !choices.data
      ? t.loading()
      : options.length === 0
        ? t.choices_none()
        : undefined
  return <ChoiceBoxes {...boxes} boxes={options} status={status} stacked busy={choices.state !== 'idle'} />
}
