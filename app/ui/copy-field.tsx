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
  const [done, setDone] = useState(false)
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
      </div>
      <span role="status" className="sr-only">
        {done ? copied : ''}
      </span>
    </div>
  )
}
