import { Form, useNavigation, useSearchParams } from 'react-router'
import { atLeast } from '../../../domain/access.ts'
import type { PanelProps } from '../../kit/module'
import { isMessageKey, useT } from '../../lib/i18n'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'

/**
 * An OFX file the bank exported, imported into this account (docs/domain.md cd_contas "Bank
 * statement"), for who may change accounts; what was wrong with the last one comes back in the
 * address (`?statement_error=`).
 */
export function StatementUpload({ values, level }: PanelProps) {
  const t = useT()
  const [params] = useSearchParams()
  const busy = useNavigation().state === 'submitting'
  if (!atLeast(level, 'edit')) return null
  const code = params.get('statement_error')
  const error = code && isMessageKey(code) ? (t[code] as () => string)() : null
  return (
    <section
      aria-labelledby="statement-title"
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
    >
      <h2 id="statement-title" className="text-lg font-bold">
        {t.statement_import_title()}
      </h2>
      <p className="text-sm text-muted">{t.statement_import_help()}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        action={`/resources/statement-import/${encodeURIComponent(String(values.id))}`}
        aria-labelledby="statement-title"
        className="flex flex-wrap items-end gap-3"
      >
        <CsrfField />
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t.statement_file()}
          <input
            type="file"
            name="file"
            required
            accept=".ofx,.OFX,application/x-ofx"
            aria-invalid={error ? true : undefined}
            className="min-h-11 text-sm"
          />
        </label>
        <Button type="submit" disabled={busy}>
          {t.statement_import()}
        </Button>
      </Form>
    </section>
  )
}
