import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useFetcher } from 'react-router'
import type { VisitFileResult } from '../../routes/resources/visit-files'
import { CsrfField } from '../../ui/csrf-field'

/** What a visit's file form gives its fields: whether it is sending, the error to show, and how to set one. */
export type VisitFileState = { busy: boolean; error: string | null; setError: (error: string | null) => void }

/**
 * A visit's photo or signature form (app/routes/resources/visit-files.ts): without scripts it posts
 * as it is; with them `files` makes the files sent (null: sent nothing, the error set), which go as
 * data, and `onSent` hears the answer's success (a refusal shows as the error).
 */
export function VisitFileForm({
  visitId,
  kind,
  version,
  files,
  onSent,
  testId,
  reset = false,
  refused = null,
  children,
}: {
  visitId: string
  kind: 'photo' | 'signature'
  version: string
  files: (form: FormData, state: VisitFileState) => Promise<Record<string, File> | null>
  onSent: () => void
  testId?: string
  /** Emptied once sent (a photo's file), or kept (a signature's name, sent again after a refusal). */
  reset?: boolean
  /** The refusal of the form last sent without scripts (the page says it), shown until the next send. */
  refused?: string | null
  children: (state: VisitFileState) => ReactNode
}) {
  const fetcher = useFetcher<VisitFileResult>()
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
      action={`/resources/visit-files/${visitId}`}
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
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="version" value={version} />
      {children(state)}
    </form>
  )
}
