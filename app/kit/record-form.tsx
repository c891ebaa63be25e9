import { Form, useNavigation } from 'react-router'
import { Fragment, useEffect, useId, useRef, useState } from 'react'
import { formatDecimal } from '../../domain/money.ts'
import { useLocale, useT, type Locale } from '../lib/i18n'
import { useFrame } from '../layouts/frame/frame-context'
import { CsrfField } from '../ui/csrf-field'
import { Alert } from '../ui/alert'
import { Button, ButtonLink } from '../ui/button'
import { StaleAlert } from './stale-alert'
import { rowFieldName, rowsFromForm } from './form-rows'
import type { FeatureModule, Field, Lookups, PickOption } from './module'
import { ChoiceBoxes, PickedChoices } from './choice-boxes'
import { PickerInput } from './picker-input'
import { LineTotal, LiveTotals, PICKED_PRICE } from './live-totals'
import type { FormState } from './screens.server'
import { FieldError } from '../ui/field-error'

export type RecordValues = Record<string, unknown>

const TIME_ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC']
const control = 'field-control w-full'

/** What a field that follows a picker offers: the picked choice's list, and whether it fills an empty field (a choice the user just made). */
type Suggestions = { list: string[]; fill: boolean }

function Input({
  field,
  value,
  error,
  isNew,
  lookups,
  currentLabel,
  module,
  onPick,
  resolve,
  suggestions,
  within,
}: {
  field: Field
  value: string
  error?: string
  isNew: boolean
  lookups: Lookups
  currentLabel?: string
  /** The form's module (its pickers' source). */
  module?: string
  onPick?: (option: PickOption, byUser: boolean) => void
  resolve?: boolean
  suggestions?: Suggestions
  /** For choices within another field's choice (Field.within): its value ('' before) and label. */
  within?: { value: string; label: string }
}) {
  const t = useT()
  const id = useId()
  const ref = useRef<HTMLInputElement>(null)
  // a choice the user just made fills a following field that is still empty (a client's default address)
  useEffect(() => {
    const first = suggestions?.list[0]
    if (suggestions?.fill && first && ref.current && !ref.current.value) ref.current.value = first
  }, [suggestions?.list, suggestions?.fill])
  const label = (t[field.label] as () => string)()
  const frameTimeZone = useFrame().timeZone
  const described = error ? `${id}-error` : undefined
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  } as const
  const readOnly = field.createOnly && !isNew
  let input: React.ReactNode
  if (field.type === 'checkbox') {
    return (
      <div className={`flex flex-col gap-1 ${field.wide ? 'sm:col-span-2' : ''}`}>
        <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm font-medium text-ink-soft">
          <input
            type="checkbox"
            {...common}
            value={field.values?.[0] ?? 'true'}
            defaultChecked={value === field.values?.[0] || value === 'true'}
            className="h-5 w-5"
          />
          {label}
        </label>
        <FieldError id={described} error={error} />
      </div>
    )
  }
  if (field.type === 'choices') {
    const hint = field.hint ? (t[field.hint] as () => string)() : undefined
    const boxes = { name: field.name, label, hint, checked: value, error, describedBy: described }
    return field.picker && field.within && module && within ? (
      <PickedChoices
        key={within.value}
        {...boxes}
        wide
        source={`/resources/pick/${module}/${field.picker}`}
        param={field.within.param}
        within={within.value}
        withinLabel={within.label}
      />
    ) : (
      <ChoiceBoxes
        {...boxes}
        wide={field.wide}
        boxes={(field.options ?? []).map(([option, optionLabel]) => ({
          value: option,
          label: typeof optionLabel === 'string' ? (t[optionLabel] as () => string)() : optionLabel.text,
        }))}
      />
    )
  }
  if (field.type === 'timezone') {
    // grouped by region, starting from the company's own zone when the record has none
    const regions = new Map<string, string[]>()
    for (const zone of TIME_ZONES) {
      const region = zone.includes('/') ? zone.split('/')[0] : 'Other'
      regions.set(region, [...(regions.get(region) ?? []), zone])
    }
    input = (
      <select {...common} defaultValue={value || frameTimeZone} required={field.required} className={control}>
        {value && !TIME_ZONES.includes(value) ? <option value={value}>{value}</option> : null}
        {[...regions].map(([region, zones]) => (
          <optgroup key={region} label={region}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    )
  } else if (field.type === 'select') {
    const options: Array<[string, string]> = [
      ...(field.all ? [['all', (t[field.all] as () => string)()] as [string, string]] : []),
      ...(field.empty ? [['', (t[field.empty] as () => string)()] as [string, string]] : []),
      ...(field.lookup
        ? (lookups[field.lookup] ?? [])
        : (field.options ?? []).map(([v, l]): [string, string] => [
            v,
            typeof l === 'string' ? (t[l] as () => string)() : l.text,
          ])),
    ]
    input = (
      <select {...common} defaultValue={value} required={field.required} className={control}>
        {/* a value the options lack (a client past the loaded ones, a deactivated job) is kept, never swapped for the first option */}
        {value && !options.some(([v]) => v === value) ? <option value={value}>{currentLabel ?? value}</option> : null}
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    )
  } else if (field.type === 'picker' && module && field.picker) {
    input = (
      <PickerInput
        // searched within another field's choice: a new choice there searches anew
        key={field.within ? (within?.value ?? '') : undefined}
        id={id}
        name={field.name}
        source={`/resources/pick/${module}/${field.picker}`}
        value={value}
        label={currentLabel ?? ''}
        required={field.required}
        invalid={Boolean(error)}
        describedBy={described}
        resolve={resolve || (Boolean(value) && !currentLabel)}
        onPick={onPick}
        narrow={field.within && within ? { [field.within.param]: within.value } : undefined}
        waitsFor={field.within && within && !within.value ? within.label : undefined}
      />
    )
  } else if (readOnly) {
    input = <input {...common} type="text" value={value} readOnly disabled className={`${control} bg-canvas`} />
  } else if (field.type === 'textarea') {
    input = (
      <textarea {...common} defaultValue={value} required={field.required} rows={4} className={`${control} py-2`} />
    )
  } else if (field.type === 'date') {
    input = <input {...common} type="date" defaultValue={value} required={field.required} className={control} />
  } else if (field.type === 'money') {
    input = (
      <input
        {...common}
        type="text"
        inputMode="decimal"
        defaultValue={value}
        required={field.required}
        autoComplete="off"
        className={control}
      />
    )
  } else {
    input = (
      <>
        <input
          {...common}
          ref={ref}
          type={field.type}
          defaultValue={value}
          required={field.required}
          autoComplete={field.type === 'password' ? 'new-password' : 'off'}
          list={suggestions?.list.length ? `${id}-suggestions` : undefined}
          className={control}
        />
        {suggestions?.list.length ? (
          <datalist id={`${id}-suggestions`}>
            {suggestions.list.map((item) => (
              <option key={item} value={item} />
            ))}
          </datalist>
        ) : null}
      </>
    )
  }
  return (
    <div className={`flex flex-col gap-1 ${field.wide ? 'sm:col-span-2' : ''}`} data-wide={field.wide || undefined}>
      <label htmlFor={id} className="text-sm font-medium text-ink-soft">
        {label}
      </label>
      {input}
      <FieldError id={described} error={error} />
    </div>
  )
}

/** A stored value as a form shows it: lists one per line or comma-separated, cents as an amount. */
export function formValue(field: Field, value: unknown, locale: Locale): string {
  if (value === null || value === undefined) return ''
  if (Array.isArray(value)) return value.join(field.type === 'textarea' ? '\n' : ', ')
  if (field.type === 'money' && typeof value === 'number') return formatDecimal(value / 100, locale, 2)
  return String(value)
}

/**
 * A 'rows' field (a client's contacts, addresses ...): one line of inputs per row, a blank line
 * to add one without scripts, Add and Remove with them. Rows come from the record, or from the
 * form posted back with its errors (numbered as the errors are).
 */
function RowsInput({
  field,
  rows,
  errors,
  isNew,
  lookups,
  module,
  lineTotals,
  withinOf,
}: {
  field: Field
  rows: Array<Record<string, string>>
  errors: Record<string, string>
  isNew: boolean
  lookups: Lookups
  module: string
  /** What the form's field a row's picker searches within has chosen (Field.within). */
  withinOf: (sub: Field) => { value: string; label: string } | undefined
  /** A priced document's lines each show their total as typed (Field.totals, while it may be typed in), in its currency. */
  lineTotals?: { currency: unknown }
}) {
  const t = useT()
  const locale = useLocale()
  const rowRefs = useRef(new Map<number, HTMLDivElement>())
  // a choice the user makes in a row's picker fills the fields it names (Field.fills), as typed there
  const fill = (key: number, sub: Field, option: PickOption) => {
    for (const [name, list] of Object.entries(sub.fills ?? {})) {
      const value = option.follow?.[list]?.[0]
      const target = (field.of ?? []).find((f) => f.name === name)
      const input = rowRefs.current
        .get(key)
        ?.querySelector<HTMLInputElement>(`[name="${rowFieldName(field.name, key, name)}"]`)
      if (value === undefined || !target || !input) continue
      input.value =
        target.type === 'money'
          ? formatDecimal(Number(value) / 100, locale, 2)
          : /^-?\d+\.\d+$/.test(value)
            ? formatDecimal(Number(value), locale, 3, 0)
            : value
      input.dispatchEvent(new Event('input', { bubbles: true }))
    }
    for (const [name, value] of Object.entries(sub.fillsEmpty ?? {})) {
      const input = rowRefs.current
        .get(key)
        ?.querySelector<HTMLInputElement>(`[name="${rowFieldName(field.name, key, name)}"]`)
      if (!input || input.value.trim() !== '') continue
      input.value = value
      input.dispatchEvent(new Event('input', { bubbles: true }))
    }
  }
  // the price a row's picked job brings (its option's `follow.price`), for the live totals
  const [picked, setPicked] = useState<Record<number, string>>({})
  // a blank line when there is none, so a first one can be typed before the scripts load
  const [keys, setKeys] = useState(() => Array.from({ length: Math.max(1, rows.length) }, (_, i) => i))
  const subs = field.of ?? []
  const label = (t[field.label] as () => string)()
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-line p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold text-ink-soft">{label}</legend>
      {field.hint ? <p className="text-sm text-muted">{(t[field.hint] as () => string)()}</p> : null}
      <FieldError error={errors[field.name]} />
      {keys.map((key, position) => (
        <div
          key={key}
          ref={(element) => {
            if (element) rowRefs.current.set(key, element)
            else rowRefs.current.delete(key)
          }}
          // a wide field (a line's service, its description) takes the row's width on a phone, half of it beside
          className="flex flex-wrap items-end gap-3 border-b border-line pb-3 last:border-0 [&>div]:min-w-28 [&>div]:flex-1 [&>div[data-wide]]:min-w-full sm:[&>div[data-wide]]:min-w-[calc(50%-0.75rem)]"
          data-testid={`${field.name}-row`}
        >
          {subs.map((sub) => (
            <Input
              key={sub.name}
              field={{ ...sub, name: rowFieldName(field.name, key, sub.name) }}
              value={rows[key]?.[sub.name] ?? ''}
              error={errors[rowFieldName(field.name, key, sub.name)]}
              isNew={isNew}
              lookups={lookups}
              module={module}
              resolve={sub.type === 'picker' && Boolean(rows[key]?.[sub.name])}
              within={withinOf(sub)}
              onPick={(option, byUser) => {
                setPicked((was) => ({ ...was, [key]: `${option.value} ${option.follow?.price?.[0] ?? ''}`.trim() }))
                if (byUser) fill(key, sub, option)
              }}
            />
          ))}
          {lineTotals ? <LineTotal field={field} row={key} currency={lineTotals.currency} lookups={lookups} /> : null}
          {picked[key] ? (
            <input type="hidden" name={rowFieldName(field.name, key, PICKED_PRICE)} value={picked[key]} />
          ) : null}
          <Button
            type="button"
            variant="ghost"
            className="flex-none"
            onClick={() => setKeys(keys.filter((k) => k !== key))}
            aria-label={t.rows_remove({ n: String(position + 1) })}
          >
            ✕
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="secondary"
        className="self-start"
        onClick={() => setKeys([...keys, Math.max(-1, ...keys) + 1])}
      >
        {t.rows_add()} · {label}
      </Button>
    </fieldset>
  )
}

/** What a refused save or action says above the record: changed meanwhile, or what to fix. */
export function FormAlert({ state }: { state: FormState }) {
  const t = useT()
  return state?.stale ? (
    <StaleAlert />
  ) : state?.errors?.form ? (
    <Alert tone="error">{state.errors.form}</Alert>
  ) : state?.errors ? (
    <Alert tone="error">{t.admin_fix_fields()}</Alert>
  ) : null
}

/**
 * The one record form of the administration modules: the module's fields with their errors
 * next to them, Save, and deactivate / activate behind a confirmation. The version of the record
 * goes back with the save: a record someone changed meanwhile is not overwritten.
 */
export function RecordForm({
  def,
  isNew,
  values: stored,
  version,
  state,
  canDelete,
  canEdit,
  confirming,
  warning = [],
  lookups,
}: {
  def: FeatureModule
  isNew: boolean
  values: RecordValues
  version: string | null
  state: FormState
  canDelete: boolean
  canEdit: boolean
  confirming: boolean
  warning?: Array<{ name: string; email: string }>
  lookups: Lookups
}) {
  const t = useT()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const frame = useFrame()
  // a new record starts from the module's defaults for where the user works (their branch, the company's language)
  const values =
    isNew && def.createDefaults
      ? { ...def.createDefaults({ branch: frame.current?.COD_FILIAL ?? null, culture: frame.culture }), ...stored }
      : stored
  const name = String(values[def.nameKey] ?? '')
  const active = values.active ?? values.ACTIVE
  const locale = useLocale()
  // an error of one item of a list-valued field (skills.1, tags.3) shows at the field
  const errorOf = (name: string) =>
    state?.errors?.[name] ?? Object.entries(state?.errors ?? {}).find(([key]) => key.startsWith(`${name}.`))?.[1]
  // after a refused save, focus goes to the first field in error (else the message above the form)
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (!state?.errors && !state?.stale) return
    const target =
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      formRef.current?.parentElement?.querySelector<HTMLElement>('[role="alert"]')
    target?.focus()
  }, [state])
  const shown = (field: Field) => state?.values?.[field.name] ?? formValue(field, values[field.name], locale)
  const rowsOf = (field: Field): Array<Record<string, string>> =>
    state?.values
      ? rowsFromForm(state.values, field)
      : ((values[field.name] as Array<Record<string, unknown>> | undefined) ?? []).map((row) =>
          Object.fromEntries((field.of ?? []).map((sub) => [sub.name, formValue(sub, row[sub.name], locale)])),
        )
  const fields = def.fields.filter((f) => (isNew ? !f.editOnly : !f.newOnly))
  // what each picker has chosen, for the fields that follow it (Field.follows)
  const [chosen, setChosen] = useState<Record<string, { option: PickOption; byUser: boolean }>>({})
  const followed = (field: Field) => fields.some((f) => f.follows?.field === field.name)
  const deactivateLabel = def.deactivation ? (t[def.deactivation.deactivate] as () => string)() : t.admin_deactivate()
  const suggestionsOf = (field: Field): Suggestions | undefined => {
    if (field.suggest) return { list: (lookups[field.suggest] ?? []).map(([value]) => value), fill: false }
    const pick = field.follows && chosen[field.follows.field]
    return pick ? { list: pick.option.follow?.[field.follows!.key] ?? [], fill: pick.byUser } : undefined
  }
  // what the field a list of choices lies within has chosen (Field.within: the invoice's client)
  const withinOf = (field: Field) => {
    const other = field.within && fields.find((f) => f.name === field.within!.field)
    if (!other) return undefined
    return { value: chosen[other.name]?.option.value ?? shown(other), label: (t[other.label] as () => string)() }
  }
  // the stored record's label goes only with its own value (not with another one sent back with errors)
  const labelOf = (field: Field) =>
    shown(field) === formValue(field, values[field.name], locale) ? field.currentLabel?.(values) : undefined
  return (
    <div className="flex flex-col gap-5">
      <FormAlert state={state} />
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="confirm-text"
          className="alert-warning flex flex-col gap-3 rounded-xl border p-4"
        >
          <p id="confirm-text">
            {def.deactivation
              ? (t[def.deactivation.confirm] as (args: { name: string }) => string)({ name })
              : t.admin_confirm_deactivate({ name })}
          </p>
          {warning.length > 0 && def.deactivateWarning ? (
            <div className="flex flex-col gap-1" data-testid="deactivate-warning">
              <p className="font-semibold">{(t[def.deactivateWarning.text] as () => string)()}</p>
              <ul className="list-disc pl-6">
                {warning.map((w) => (
                  <li key={w.email}>
                    {w.name} <span className="text-amber-900/80">({w.email})</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="flex gap-2">
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="version" value={version ?? ''} />
              <Button type="submit" name="intent" value="deactivate" variant="danger" disabled={busy}>
                {warning.length > 0 ? t.admin_deactivate_anyway() : deactivateLabel}
              </Button>
            </Form>
            <ButtonLink to="." variant="secondary">
              {t.cancel()}
            </ButtonLink>
          </div>
        </div>
      ) : null}
      <Form method="post" className="flex flex-col gap-5" noValidate ref={formRef}>
        <CsrfField />
        <input type="hidden" name="version" value={version ?? ''} />
        {'active' in values || 'ACTIVE' in values ? (
          <input type="hidden" name="active" value={String(active ?? true)} />
        ) : null}
        <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) =>
            field.type === 'rows' ? (
              // the server numbers the rows it sends back from 0 (its errors too): the editor starts again from them
              <Fragment key={field.name}>
                <RowsInput
                  key={`${field.name}:${JSON.stringify(state?.values ?? null)}`}
                  field={field}
                  rows={rowsOf(field)}
                  errors={state?.errors ?? {}}
                  isNew={isNew}
                  lookups={lookups}
                  module={def.module}
                  lineTotals={field.totals && canEdit ? { currency: values.currency } : undefined}
                  withinOf={withinOf}
                />
                {/* the totals as typed, while it can be typed in (the facts say a record's own) */}
                {field.totals && canEdit ? (
                  <LiveTotals field={field} currency={values.currency} lookups={lookups} />
                ) : null}
              </Fragment>
            ) : (
              <Input
                key={field.name}
                field={field}
                value={shown(field)}
                error={errorOf(field.name)}
                isNew={isNew}
                lookups={lookups}
                currentLabel={labelOf(field)}
                module={def.module}
                resolve={followed(field)}
                onPick={(option, byUser) => setChosen((was) => ({ ...was, [field.name]: { option, byUser } }))}
                suggestions={suggestionsOf(field)}
                within={withinOf(field)}
              />
            ),
          )}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          {canEdit ? (
            <Button type="submit" name="intent" value="save" disabled={busy}>
              {t.save()}
            </Button>
          ) : null}
          <ButtonLink to={`/view/${def.module}`} variant="ghost">
            {t.admin_back_to_list()}
          </ButtonLink>
          {!isNew && canDelete && def.deactivatable && active !== false ? (
            <ButtonLink to="?confirm=deactivate" variant="danger-outline" className="ml-auto">
              {deactivateLabel}
            </ButtonLink>
          ) : null}
          {!isNew && canDelete && def.deactivatable && active === false ? (
            <Button type="submit" name="intent" value="activate" variant="secondary" className="ml-auto">
              {def.deactivation ? (t[def.deactivation.activate] as () => string)() : t.admin_activate()}
            </Button>
          ) : null}
        </div>
      </Form>
    </div>
  )
}
