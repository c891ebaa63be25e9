import { useId, type InputHTMLAttributes } from 'react'
import { FieldError } from './field-error'

/** A labelled input with its error under it, tied together for screen readers. */
export function TextField({
  label,
  error,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string }) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink-soft">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
        className="field-control"
      />
      <FieldError id={errorId} error={error} />
    </div>
  )
}
