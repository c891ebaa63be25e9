import { useSearchParams } from 'react-router'
import { atLeast, type AccessLevel } from '../../../domain/access.ts'
import { isMessageKey, useT } from '../../lib/i18n'
import type { TextKey } from '../../kit/module'
import { Alert } from '../../ui/alert'
import { CheckboxField } from '../../ui/checkbox-field'
import { FileForm, useAddressError } from '../../ui/file-form'
import { PanelSection } from '../../ui/panel-section'

/** The address's rows of a refused list (`3:unitPrice:invalid_money,…`): at most this many, as the import route writes them. */
export const ROWS_SHOWN = 20

const FIELD_LABELS: Record<string, TextKey> = {
  name: 'f_name',
  sku: 'f_sku',
  unit: 'f_unit',
  unitPrice: 'f_unit_price',
  cost: 'f_cost',
  taxPercent: 'f_tax_percent',
  minimum: 'f_minimum',
  description: 'f_description',
}

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
  const rows = (params.get('import_rows') ?? '')
    .split(',')
    .map((entry) => entry.split(':'))
    .filter((parts) => parts.length === 3)
    .slice(0, ROWS_SHOWN)
  const more = Number(params.get('import_more') ?? 0)
  const imported = params.get('imported')?.split(':').map(Number)
  const skipped = params.get('skipped')
  const label = (key: TextKey) => (t[key] as () => string)()
  return (
    <PanelSection id="price-list-title" title={t.price_list_title()}>
      <p className="text-sm text-muted">{t.price_list_help()}</p>
      {imported && imported.length === 2 ? (
        <Alert tone="success">
          {t.price_list_done({ created: String(imported[0]), updated: String(imported[1]) })}
          {skipped ? ` ${t.price_list_skipped({ lines: skipped.split(',').join(', ') })}` : ''}
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error">
          <p>{error}</p>
          {rows.length ? (
            <ul className="mt-2 list-disc pl-5">
              {rows.map(([line, field, code]) => (
                <li key={`${line}:${field}`}>
                  {t.price_list_line({ line })} · {FIELD_LABELS[field] ? label(FIELD_LABELS[field]) : field}:{' '}
                  {isMessageKey(code) ? label(code) : code}
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
