import { useEffect, useRef, useState } from 'react'
import { useFetcher, useRouteLoaderData } from 'react-router'
import { knownMessage } from '../lib/forms'
import { useT } from '../lib/i18n'
import { showToast } from '../lib/toasts'
import type { UploadResult } from '../routes/resources/upload'
import { isUnsent } from '../lib/unsent'
import { UPLOAD_MAX_BYTES } from '../../domain/upload-limits.ts'

type Props = {
  open: boolean
  onClose: () => void
  purpose: 'logo' | 'avatar' | 'file'
  title?: string
  description?: string
  accept?: string
  /** The image already saved (the company logo): shown until another is picked; Delete removes it. */
  current?: string | null
}

/** The upload dialog (docs/shell.md §2, §4, §5, §8): preview, Select File, Cancel and Save. */
export function UploadDialog({ open, onClose, purpose, title, description, accept, current = null }: Props) {
  const t = useT()
  const ref = useRef<HTMLDialogElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const fetcher = useFetcher<UploadResult>()
  const csrf = (useRouteLoaderData('root') as { csrfToken?: string } | undefined)?.csrfToken ?? ''
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [message, setMessage] = useState<{ tone: 'warning' | 'error'; text: string } | null>(null)
  const uploading = fetcher.state !== 'idle'

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])
  // success closes the dialog (a deletion leaves it open, emptied); an error returns to idle
  useEffect(() => {
    // an upload that got no answer is told by its notice (app/lib/unsent.ts)
    if (fetcher.state !== 'idle' || !fetcher.data || isUnsent(fetcher.data)) return
    const result = fetcher.data
    if (result.ok) {
      setFile(null)
      setPreview(null)
      setMessage(null)
      if (input.current) input.current.value = ''
      showToast('success', result.deleted ? t.upload_deleted() : t.upload_ok())
      if (!result.deleted) onClose()
    } else {
      // a refusal (too large, not an image) is said next to the file, and the dialog stays to pick another
      setMessage({ tone: 'error', text: knownMessage(result.error, t) ?? result.error })
    }
  }, [fetcher.state, fetcher.data, onClose, t])

  const busy = () => {
    if (uploading) setMessage({ tone: 'warning', text: t.upload_busy() })
    return uploading
  }
  const choose = (chosen: File | null) => {
    setMessage(null)
    setFile(chosen)
    setPreview(chosen && chosen.type.startsWith('image/') ? URL.createObjectURL(chosen) : null)
  }
  const send = (fields: Record<string, string | File>) => {
    const form = new FormData()
    form.append('csrf', csrf)
    form.append('purpose', purpose)
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    fetcher.submit(form, { method: 'post', action: '/resources/upload', encType: 'multipart/form-data' })
  }
  const save = () => {
    if (busy()) return
    if (!file) return setMessage({ tone: 'warning', text: t.upload_no_file() })
    if (file.size > UPLOAD_MAX_BYTES) return setMessage({ tone: 'error', text: t.upload_too_big() })
    send({ file })
  }
  // §4: deleting clears the preview and the file list; the saved image goes only after a confirmation
  const remove = () => {
    if (busy()) return
    if (file) {
      choose(null)
      if (input.current) input.current.value = ''
      return
    }
    if (!current) return setMessage({ tone: 'warning', text: t.upload_nothing_to_delete() })
    if (purpose === 'logo' && !window.confirm(t.upload_delete_confirm())) return
    send({ intent: 'delete', url: current })
  }
  const shown = preview ?? (file ? null : current)
  const heading =
    title ??
    (purpose === 'logo' ? t.upload_logo_title() : purpose === 'avatar' ? t.upload_avatar_title() : t.upload_title())
  const text =
    description ??
    (purpose === 'logo'
      ? t.upload_logo_description()
      : purpose === 'avatar'
        ? t.upload_avatar_description()
        : undefined)
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="upload-title"
      className="m-auto max-h-[80vh] w-[90vw] max-w-[800px] rounded-2xl bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {/* drawn only while open: every page carries the dialog, few open it */}
      {open ? (
        <div className="flex flex-col gap-4 p-6">
          <h2 id="upload-title" className="text-xl font-bold">
            {heading}
          </h2>
          {text ? <p className="text-ink-soft">{text}</p> : null}
          <div className="flex h-48 items-center justify-center rounded-xl border border-dashed border-line bg-canvas">
            {shown ? (
              <img src={shown} alt={file?.name ?? ''} className="max-h-44 object-contain" />
            ) : (
              <span className="text-muted">{t.upload_no_preview()}</span>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              onClick={() => busy() || input.current?.click()}
              className="rounded-full border border-line px-4 py-2 text-sm font-semibold hover:bg-canvas"
            >
              {t.upload_select()}
            </button>
            <button
              type="button"
              onClick={remove}
              className="rounded-full border border-line px-4 py-2 text-sm font-semibold text-red-700 hover:bg-canvas dark:text-red-300"
            >
              {t.upload_delete()}
            </button>
            <input
              ref={input}
              type="file"
              accept={accept ?? (purpose === 'file' ? undefined : 'image/*')}
              className="sr-only"
              tabIndex={-1}
              aria-label={t.upload_select()}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
            {file ? <span className="text-sm">{t.upload_selected({ name: file.name })}</span> : null}
          </div>
          {message ? (
            <p
              role="alert"
              className={`rounded-md px-3 py-2 text-sm ${message.tone === 'error' ? 'alert-error' : 'alert-warning'}`}
            >
              {message.text}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={onClose}
              className="rounded-full px-4 py-2 text-sm font-semibold hover:bg-canvas"
            >
              {t.cancel()}
            </button>
            <button
              type="button"
              onClick={save}
              disabled={uploading}
              className="rounded-full bg-primary-600 px-5 py-2 text-sm font-semibold text-white disabled:opacity-60"
            >
              {uploading ? t.upload_sending() : t.save()}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  )
}
