import { useId, type ReactNode } from 'react'
import { useT } from '../lib/i18n'
import { showToast } from '../lib/toasts'
import { Alert } from './alert'
import { Button } from './button'
import { FileSendForm } from './file-send-form'

/** The photo sent and its thumbnail: their longest side in pixels and their JPEG quality. */
const PHOTO = { side: 1600, quality: 0.85 }
const THUMBNAIL = { side: 320, quality: 0.75 }

/** An image resized in the browser (never larger), as JPEG; null when the browser cannot read it. */
async function resized(file: File, { side, quality }: { side: number; quality: number }): Promise<File | null> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height))
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(bitmap.width * scale))
    canvas.height = Math.max(1, Math.round(bitmap.height * scale))
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    bitmap.close()
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
    return blob ? new File([blob], 'photo.jpg', { type: 'image/jpeg' }) : null
  } catch {
    return null
  }
}

/**
 * A photo of a record (a visit's, docs/domain.md cd_techorders; a machine's): the camera or the
 * gallery. With scripts the photo is resized here (1600 pixels, a 320-pixel thumbnail) before it is
 * sent, so a phone's 5 MB picture goes as a few hundred KB; without, the form sends it as it is.
 * `children`: fields sent with it (a visit photo's label).
 */
export function PhotoAdd({
  action,
  fields,
  refused = null,
  testId,
  children,
}: {
  /** The resource route it posts to (app/routes/resources/visit-files.ts, equipment-photos.ts). */
  action: string
  /** Hidden fields sent with it (the record's version ...). */
  fields: Record<string, string>
  /** Why the photo last sent without scripts was refused, in the user's language. */
  refused?: string | null
  testId?: string
  children?: ReactNode
}) {
  const t = useT()
  const fileId = useId()
  return (
    <FileSendForm
      action={action}
      fields={fields}
      reset
      refused={refused}
      testId={testId}
      onSent={() => showToast('success', t.done_visit_photo())}
      files={async (form, { setError }) => {
        const original = form.get('photo')
        if (!(original instanceof File) || original.size === 0) {
          setError(t.visit_photo_choose())
          return null
        }
        const [photo, thumbnail] = await Promise.all([resized(original, PHOTO), resized(original, THUMBNAIL)])
        // what the browser cannot read goes as it is: the server says what it is not
        return { ...(photo ? { photo } : {}), ...(thumbnail ? { thumbnail } : {}) }
      }}
    >
      {({ busy, error }) => (
        <>
          {children}
          <label htmlFor={fileId} className="text-sm font-medium text-ink-soft">
            {t.visit_photo_file()}
          </label>
          <input
            id={fileId}
            type="file"
            name="photo"
            accept="image/*"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fileId}-error` : undefined}
            className="min-h-12 text-base"
          />
          {error ? (
            <Alert tone="error" id={`${fileId}-error`}>
              {error}
            </Alert>
          ) : null}
          <Button type="submit" variant="secondary" disabled={busy} className="min-h-12 self-start">
            {busy ? t.visit_photo_sending() : t.visit_photo_add()}
          </Button>
        </>
      )}
    </FileSendForm>
  )
}
