import { atLeast } from '../../../domain/access.ts'
import type { PanelProps } from '../../kit/module'
import { useT } from '../../lib/i18n'
import { Alert } from '../../ui/alert'
import { FileForm, useAddressError } from '../../ui/file-form'
import { PanelSection } from '../../ui/panel-section'

/**
 * An OFX file the bank exported, imported into this account (docs/domain.md cd_contas "Bank
 * statement"), for who may change accounts; what was wrong with the last one comes back in the
 * address (`?statement_error=`).
 */
export function StatementUpload({ values, level }: PanelProps) {
  const t = useT()
  const error = useAddressError('statement_error')
  if (!atLeast(level, 'edit')) return null
  return (
    <PanelSection id="statement-title" title={t.statement_import_title()}>
      <p className="text-sm text-muted">{t.statement_import_help()}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <FileForm
        action={`/resources/statement-import/${encodeURIComponent(String(values.id))}`}
        labelledBy="statement-title"
        label={t.statement_file()}
        accept=".ofx,.OFX,application/x-ofx"
        submit={t.statement_import()}
        invalid={Boolean(error)}
      />
    </PanelSection>
  )
}
