import { Form, useNavigation, useSearchParams } from 'react-router'
import { atLeast } from '../../../domain/access.ts'
import { payableRow } from '../../../domain/schemas/payables.ts'
import type { PanelProps } from '../../kit/module'
import { isMessageKey, useT } from '../../lib/i18n'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'

const panelRow = payableRow.pick({ id: true, attachment: true })

/**
 * A payable's bill (docs/domain.md cd_financeiro): the PDF or photo attached, to open; for who may
 * change payables, a file to attach (replacing it) and Remove. What was wrong with the last file
 * comes back in the address (`?attachment_error=`).
 */
export function BillAttachment({ values, level }: PanelProps) {
  const t = useT()
  const [params] = useSearchParams()
  const busy = useNavigation().state === 'submitting'
  const { id, attachment } = panelRow.parse(values)
  const mayEdit = atLeast(level, 'edit')
  if (!attachment && !mayEdit) return null
  const code = params.get('attachment_error')
  const error = code && isMessageKey(code) ? (t[code] as () => string)() : null
  const action = `/resources/payable-attachment/${encodeURIComponent(id)}`
  return (
    <section aria-labelledby="bill-title" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="bill-title" className="text-lg font-bold">
        {t.attachment_title()}
      </h2>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {attachment ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <a href={attachment.url} target="_blank" rel="noreferrer" className="record-link font-medium">
            {attachment.name}
          </a>
          {mayEdit ? (
            <Form method="post" action={action}>
              <CsrfField />
              <Button type="submit" name="intent" value="remove" variant="danger-outline" disabled={busy}>
                {t.attachment_remove()}
              </Button>
            </Form>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted">{t.attachment_none()}</p>
      )}
      {mayEdit ? (
        <Form
          method="post"
          encType="multipart/form-data"
          action={action}
          aria-labelledby="bill-title"
          className="flex flex-wrap items-end gap-3"
        >
          <CsrfField />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t.attachment_file()}
            <input
              type="file"
              name="file"
              required
              accept="application/pdf,image/jpeg,image/png,image/webp"
              aria-invalid={error ? true : undefined}
              className="min-h-11 text-sm"
            />
          </label>
          <Button type="submit" variant="secondary" disabled={busy}>
            {attachment ? t.attachment_replace() : t.attachment_add()}
          </Button>
        </Form>
      ) : null}
    </section>
  )
}
