import { useId, type Ref } from 'react'
import { FieldError } from './field-error'

/** A labelled select of value → label choices (`optionLang`: each option is a language, named in it), its error under it. */
export function SelectField({
  label,
  name,
  defaultValue,
  options,
  optionLang = false,
  error,
  required,
  ref,
}: {
  label: string
  name: string
  defaultValue: string
  options: Record<string, string>
  optionLang?: boolean
  error?: string
  required?: boolean
  ref?: Ref<HTMLSelectElement>
}) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink-soft">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        name={name}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="min-h-11 w-full min-w-0 rounded-md border border-line bg-surface px-3 text-ink aria-invalid:border-red-600"
      >
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value} lang={optionLang ? value : undefined}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  )
}
