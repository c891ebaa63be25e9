import { useId, type InputHTMLAttributes } from 'react'
import { FieldError } from './field-error'

/** A labelled checkbox with its error under it, tied together for screen readers. */
export function CheckboxField({
  label,
  error,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; error?: string }) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm font-medium text-ink-soft">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...props}
          className="h-5 w-5"
        />
        {label}
      </label>
      <FieldError id={errorId} error={error} />
    </div>
  )
}
