import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { CsrfField } from './csrf-field'

/** What a file form gives its fields: whether it is sending, the error to show, and how to set one. */
export type FileSendState = { busy: boolean; error: string | null; setError: (error: string | null) => void }

/** What a file form's resource route answers the page's script (`reply=json`): done, or why not in the user's language. */
export type FileSendResult = { ok: true } | { ok: false; error: string }

/**
 * A form that sends files its script makes (a visit's photo resized, the client's signature drawn, a
 * machine's photo) to a resource route (app/routes/resources/visit-files.ts): without scripts it
 * posts as it is; with them `files` makes the files sent (null: sent nothing, the error set), which
 * go as data, and `onSent` hears the answer's success (a refusal shows as the error).
 */
export function FileSendForm({
  action,
  fields,
  files,
  onSent,
  testId,
  reset = false,
  refused = null,
  children,
}: {
  action: string
  /** Hidden fields sent with the files (what they are, the record's version). */
  fields: Record<string, string>
  files: (form: FormData, state: FileSendState) => Promise<Record<string, File> | null>
  onSent: () => void
  testId?: string
  /** Emptied once sent (a photo's file), or kept (a signature's name, sent again after a refusal). */
  reset?: boolean
  /** The refusal of the form last sent without scripts (the page says it), shown until the next send. */
  refused?: string | null
  children: (state: FileSendState) => ReactNode
}) {
  const fetcher = useFetcher<FileSendResult>()
  const [error, setError] = useState<string | null>(refused)
  const [preparing, setPreparing] = useState(false)
  const sent = useRef(onSent)
  sent.current = onSent
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if (fetcher.data.ok) sent.current()
    else setError(fetcher.data.error)
  }, [fetcher.state, fetcher.data])
  const state = { busy: preparing || fetcher.state !== 'idle', error, setError }

  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="flex flex-col gap-2 rounded-lg border border-line p-3"
      data-testid={testId}
      onSubmit={async (event) => {
        event.preventDefault()
        const form = event.currentTarget
        const body = new FormData(form)
        setError(null)
        setPreparing(true)
        const made = await files(body, state).finally(() => setPreparing(false))
        if (!made) return
        for (const [name, file] of Object.entries(made)) body.set(name, file)
        body.set('reply', 'json')
        await fetcher.submit(body, {
          method: 'post',
          action: form.getAttribute('action')!,
          encType: 'multipart/form-data',
        })
        if (reset) form.reset()
      }}
    >
      <CsrfField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children(state)}
    </form>
  )
}
