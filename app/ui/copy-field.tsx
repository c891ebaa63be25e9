import { useId, useState } from 'react'
import { Button } from './button'

/**
 * A value to pass on (a link): a labelled read-only field, selected when focused so it can be
 * copied without scripts, and a Copy button that says when it is done.
 */
export function CopyField({
  label,
  value,
  copy,
  copied,
}: {
  label: string
  value: string
  copy: string
  copied: string
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink-soft">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-line bg-canvas px-3 font-mono text-sm text-ink"
        />
        <CopyButton value={value} copy={copy} copied={copied} />
      </div>
    </div>
  )
}

/** A button that copies `value` and says when it is done (to screen readers too). */
export function CopyButton({ value, copy, copied }: { value: string; copy: string; copied: string }) {
  const [done, setDone] = useState(false)
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        onClick={() =>
          void navigator.clipboard?.writeText(value).then(
            () => setDone(true),
            () => setDone(false),
          )
        }
      >
        {done ? copied : copy}
      </Button>
      <span role="status" className="sr-only">
        {done ? copied : ''}
      </span>
    </>
  )
}
