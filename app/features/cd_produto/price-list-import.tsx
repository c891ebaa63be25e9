import { useSearchParams } from 'react-router'
import { atLeast, type AccessLevel } from '../../../domain/access.ts'
import { isMessageKey, useT } from '../../lib/i18n'
import type { TextKey } from '../../kit/module'
import { products } from './module'
import { Alert } from '../../ui/alert'
import { CheckboxField } from '../../ui/checkbox-field'
import { FileForm, useAddressError } from '../../ui/file-form'
import { PanelSection } from '../../ui/panel-section'

/** The address's rows of a refused list (`3:unitPrice:invalid_money,…`): at most this many, as the import route writes them. */
export const ROWS_SHOWN = 20

/** The label of each field a row's error names: the products' form's (read when drawn: the module names this panel). */
const fieldLabels = (): Record<string, TextKey> => Object.fromEntries(products.fields.map((f) => [f.name, f.label]))

/**
 * A price list imported into the products (docs/domain.md cd_produto), for who may change them:
 * what a refused file had wrong, each row by its line, and what the last import did, come back in
 * the address (the import's resource route writes them), so it works without scripts too.
 */
export function PriceListImport({ level }: { level: AccessLevel }) {
  const t = useT()
  const [params] = useSearchParams()
  const error = useAddressError('import_error')
  if (!atLeast(level, 'edit')) return null
  // what the address says is taken only as the import's route writes it: line numbers, fields and codes it knows
  const labels = fieldLabels()
  const number = (text: string) => (/^\d{1,6}$/.test(text) ? Number(text) : null)
  const rows = (params.get('import_rows') ?? '')
    .split(',')
    .map((entry) => entry.split(':'))
    .filter(([line, field, code]) => number(line ?? '') !== null && labels[field] && isMessageKey(code ?? ''))
    .slice(0, ROWS_SHOWN)
  const more = number(params.get('import_more') ?? '') ?? 0
  const imported = (params.get('imported') ?? '').split(':').map(number)
  const skippedLines = (params.get('skipped') ?? '').split(',').map(number)
  const skipped = skippedLines.every((n) => n !== null) ? skippedLines.join(', ') : ''
  const label = (key: TextKey) => (t[key] as () => string)()
  return (
    <PanelSection id="price-list-title" title={t.price_list_title()}>
      <p className="text-sm text-muted">{t.price_list_help()}</p>
      {imported.length === 2 && imported.every((n) => n !== null) ? (
        <Alert tone="success">
          {t.price_list_done({ created: String(imported[0]), updated: String(imported[1]) })}
          {skipped ? ` ${t.price_list_skipped({ lines: skipped })}` : ''}
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error">
          <p>{error}</p>
          {rows.length ? (
            <ul className="mt-2 list-disc pl-5">
              {rows.map(([line, field, code]) => (
                <li key={`${line}:${field}`}>
                  {t.price_list_line({ line })} · {label(labels[field])}: {label(code as TextKey)}
                </li>
              ))}
              {more > 0 ? <li>{t.price_list_more({ count: String(more) })}</li> : null}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      <FileForm
        action="/resources/price-list-import"
        labelledBy="price-list-title"
        label={t.price_list_file()}
        accept=".csv,text/csv"
        submit={t.price_list_submit()}
        invalid={Boolean(error)}
        variant="secondary"
      >
        <CheckboxField name="mode" value="valid" label={t.price_list_take_valid()} />
      </FileForm>
    </PanelSection>
  )
}
