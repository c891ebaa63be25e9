import { Form, useNavigation } from 'react-router'
import { atLeast } from '../../../domain/access.ts'
import type { z } from 'zod'
import type { payableRow } from '../../../domain/schemas/payables.ts'
import type { PanelProps } from '../../kit/module'
import { useT } from '../../lib/i18n'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'
import { FileForm, useAddressError } from '../../ui/file-form'
import { PanelSection } from '../../ui/panel-section'

type PanelRow = Pick<z.output<typeof payableRow>, 'id' | 'attachment'>

/**
 * A payable's bill (docs/domain.md cd_financeiro): the PDF or photo attached, to open; for who may
 * change payables, a file to attach (replacing it) and Remove. What was wrong with the last file
 * comes back in the address (`?attachment_error=`).
 */
export function BillAttachment({ values, level }: PanelProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const error = useAddressError('attachment_error')
  const { id, attachment } = values as PanelRow
  const mayEdit = atLeast(level, 'edit')
  if (!attachment && !mayEdit) return null
  const action = `/resources/payable-attachment/${encodeURIComponent(id)}`
  return (
    <PanelSection id="bill-title" title={t.attachment_title()}>
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
        <FileForm
          action={action}
          labelledBy="bill-title"
          label={t.attachment_file()}
          accept="application/pdf,image/jpeg,image/png,image/webp"
          submit={attachment ? t.attachment_replace() : t.attachment_add()}
          invalid={Boolean(error)}
          variant="secondary"
        />
      ) : null}
    </PanelSection>
  )
}
