import { useEffect, useId, useRef, useState } from 'react'
import type SignaturePad from 'signature_pad'
import { useT } from '../../lib/i18n'
import { showToast } from '../../lib/toasts'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { FileSendForm } from '../../ui/file-send-form'

/** The drawn image's widest side in pixels (the API takes up to 2000). */
const MAX_WIDTH = 1600

/**
 * The client's name and signature, drawn with a finger, a pen or a mouse (signature_pad, loaded when
 * the field opens) and sent as a PNG. Drawing needs scripts: without them the field says so.
 * `again`: a signature is there, and signing again is asked for first.
 */
export function SignatureField({ visitId, version, again }: { visitId: string; version: string; again: boolean }) {
  const t = useT()
  const canvas = useRef<HTMLCanvasElement>(null)
  const pad = useRef<SignaturePad | null>(null)
  const [open, setOpen] = useState(!again)
  const [ready, setReady] = useState(false)
  const nameId = useId()
  // the form's error, which drawing clears
  const clearError = useRef<() => void>(() => {})

  useEffect(() => {
    if (!open) return
    let gone = false
    void import('signature_pad').then(({ default: Pad }) => {
      const area = canvas.current
      if (gone || !area) return
      // the canvas drawn at the screen's pixel density (sharp on a phone), bounded
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_WIDTH / Math.max(area.offsetWidth, 1))
      area.width = Math.round(area.offsetWidth * ratio)
      area.height = Math.round(area.offsetHeight * ratio)
      area.getContext('2d')?.scale(ratio, ratio)
      pad.current = new Pad(area, { penColor: '#111827', minWidth: 1, maxWidth: 3 })
      // drawing answers "draw the signature first"
      pad.current.addEventListener('beginStroke', () => clearError.current())
      setReady(true)
    })
    return () => {
      gone = true
      pad.current?.off()
      pad.current = null
      setReady(false)
    }
  }, [open])

  if (!open)
    return (
      <Button type="button" variant="secondary" className="min-h-12 self-start" onClick={() => setOpen(true)}>
        {t.visit_signature_again()}
      </Button>
    )
  return (
    <FileSendForm
      action={`/resources/visit-files/${encodeURIComponent(visitId)}`}
      fields={{ kind: 'signature', version }}
      testId="signature-form"
      onSent={() => {
        showToast('success', t.done_visit_signed())
        setOpen(false)
      }}
      files={async (_form, { setError }) => {
        if (!pad.current || pad.current.isEmpty()) {
          setError(t.visit_signature_draw())
          return null
        }
        const blob = await new Promise<Blob | null>((resolve) => canvas.current!.toBlob(resolve, 'image/png'))
        return blob ? { signature: new File([blob], 'signature.png', { type: 'image/png' }) } : null
      }}
    >
      {({ busy, error, setError }) => {
        clearError.current = () => setError(null)
        return (
          <>
            <label htmlFor={nameId} className="text-sm font-medium text-ink-soft">
              {t.visit_signature_name()}
            </label>
            <input
              id={nameId}
              name="name"
              required
              maxLength={120}
              autoComplete="off"
              className="min-h-12 rounded-lg border border-line bg-surface px-3 text-base"
            />
            <p id={`${nameId}-hint`} className="text-sm text-ink-soft">
              {t.visit_signature_hint()}
            </p>
            <canvas
              ref={canvas}
              role="img"
              aria-label={t.visit_signature_area()}
              aria-describedby={`${nameId}-hint`}
              data-testid="signature-pad"
              className="h-48 w-full touch-none rounded-lg border-2 border-dashed border-line bg-white"
            />
            <noscript>
              <p>{t.visit_signature_needs_script()}</p>
            </noscript>
            {error ? <Alert tone="error">{error}</Alert> : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={!ready || busy} className="min-h-12">
                {busy ? t.visit_photo_sending() : t.visit_signature_save()}
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={!ready}
                className="min-h-12"
                onClick={() => pad.current?.clear()}
              >
                {t.visit_signature_clear()}
              </Button>
            </div>
          </>
        )
      }}
    </FileSendForm>
  )
}
