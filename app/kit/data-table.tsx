import { Form, Link } from 'react-router'
import { formatDay } from '../../domain/dates.ts'
import { currencyOf, formatAmount, formatDecimal, formatMoney } from '../../domain/money.ts'
import { CULTURES, useLocale, useT, type Locale, type Translator } from '../lib/i18n'
import { Badge } from '../ui/badge'
import { Button, ButtonLink, buttonClass } from '../ui/button'
import { recordHref, type Column, type FeatureModule, type Lookups } from './module'
import type { ListQuery } from './screens.server'

export type ListPage = {
  items: Array<Record<string, unknown>>
  pagination: { length: number; page: number; lastPage: number }
}

/** A list's query as address parameters, the defaults left out: the list's links, its CSV export and its API call. */
export function listParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams()
  if (query.search) params.set('search', query.search)
  params.set('sort', query.sort)
  params.set('order', query.order)
  if (query.page > 1) params.set('page', String(query.page))
  if (query.all) params.set('all', '1')
  if (query.state) params.set('state', query.state)
  return params
}

/** The list's address with some of its query changed (sort, page, ...). */
export const listHref = (module: string, query: ListQuery, change: Partial<ListQuery>) =>
  `/view/${module}?${listParams({ ...query, ...change })}`

/**
 * A cell's value as the user reads it (in the table, and in the CSV export): labels in their language, money formatted, lookups by name.
 * For a spreadsheet (`sheet`), amounts and dates are written as the culture types them, so the sheet reads them as numbers
 * and dates: "1.234,56" and "26/11/2026" in pt, "1,234.56" and "11/26/2026" in en (the currency is in the heading: sheetColumns).
 */
export function cellText(
  column: Column,
  row: Record<string, unknown>,
  lookups: Lookups,
  t: Translator,
  locale: Locale,
  style: 'screen' | 'sheet' = 'screen',
): string {
  const value = row[column.key]
  if (column.show === 'money' && typeof value === 'number')
    return style === 'sheet' ? formatAmount(value, locale) : formatMoney(value, currencyOf(row.currency), locale)
  if (column.show === 'date' && typeof value === 'string' && value)
    return formatDay(value, CULTURES[locale], style === 'sheet' ? 'numeric' : 'medium')
  if (column.show === 'active') return value ? t.admin_active() : t.admin_inactive()
  if (column.show === 'yesno') return value === 'S' || value === true ? t.yes() : t.no()
  const label = column.labels?.[String(value)]
  if (label) return (t[label] as () => string)()
  if (column.all && value === 'all') return (t[column.all] as () => string)()
  if (column.lookup) return lookups[column.lookup]?.find(([v]) => v === String(value))?.[1] ?? String(value ?? '')
  // a quantity with decimals as the culture writes it ("2,5" in pt); codes and counts stay as they are
  if (typeof value === 'number' && !Number.isInteger(value)) return formatDecimal(value, locale, 6, 0)
  return String(value ?? '')
}

/**
 * The columns of a list as a spreadsheet's (the CSV export): headings in the user's language, cells as `sheet` writes
 * them. A money column's cells are plain amounts and its heading names the currency ("Total (BRL)"); rows in more than
 * one currency keep the currency in each cell instead.
 */
export function sheetColumns(
  columns: ReadonlyArray<Column>,
  rows: ReadonlyArray<Record<string, unknown>>,
  lookups: Lookups,
  t: Translator,
  locale: Locale,
): Array<readonly [string, (row: Record<string, unknown>) => string]> {
  const currencies = new Set(rows.map((row) => currencyOf(row.currency)))
  return columns.map((column) => {
    const heading = (t[column.label] as () => string)()
    if (column.show === 'money' && currencies.size > 1)
      return [heading, (row) => cellText(column, row, lookups, t, locale)] as const
    return [
      column.show === 'money' && currencies.size === 1 ? `${heading} (${[...currencies][0]})` : heading,
      (row) => cellText(column, row, lookups, t, locale, 'sheet'),
    ] as const
  })
}

export function Cell({ column, row, lookups }: { column: Column; row: Record<string, unknown>; lookups: Lookups }) {
  const t = useT()
  const locale = useLocale()
  const text = cellText(column, row, lookups, t, locale)
  if (column.show === 'active') return <Badge tone={row[column.key] ? 'success' : 'neutral'}>{text}</Badge>
  return <>{text}</>
}

/**
 * The one data table of the administration modules (and of every later module): search,
 * inactive records on request, sortable columns, pages, CSV export, a link per row. Plain links
 * and a GET form: it works before the scripts load.
 */
export function DataTable({
  def,
  page,
  query,
  canCreate,
  lookups,
}: {
  def: FeatureModule
  page: ListPage
  query: ListQuery
  canCreate: boolean
  lookups: Lookups
}) {
  const t = useT()
  const exportParams = listParams({ ...query, page: 1 })
  return (
    <div className="flex flex-col gap-4" data-testid="data-table">
      <div className="flex flex-wrap items-end gap-3">
        <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="order" value={query.order} />
          <label className="flex flex-col gap-1 text-sm font-medium text-ink-soft">
            {t.admin_search()}
            <input
              type="search"
              name="search"
              defaultValue={query.search}
              className="min-h-10 w-64 max-w-full rounded-md border border-line bg-surface px-3 text-ink"
            />
          </label>
          {def.states ? (
            <label className="flex flex-col gap-1 text-sm font-medium text-ink-soft">
              {t.f_state()}
              <select
                name="state"
                defaultValue={query.state}
                className="min-h-10 rounded-md border border-line bg-surface px-3 text-ink"
              >
                <option value="">{t.admin_all_states()}</option>
                {Object.entries(def.states).map(([value, label]) => (
                  <option key={value} value={value}>
                    {(t[label] as () => string)()}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input type="checkbox" name="all" value="1" defaultChecked={query.all} className="h-4 w-4" />
            {t.admin_show_inactive()}
          </label>
          <Button type="submit" variant="secondary">
            {t.admin_search_button()}
          </Button>
        </Form>
        <div className="ml-auto flex gap-2">
          <a href={`/resources/export/${def.module}?${exportParams}`} className={buttonClass('secondary')} download>
            {t.admin_export()}
          </a>
          {canCreate ? <ButtonLink to={`/view/${def.module}/new`}>{t.admin_new()}</ButtonLink> : null}
        </div>
      </div>
      {/* below 640 px each row is a card (its cells labelled by their column), not a table scrolled sideways */}
      <div className="rounded-xl sm:overflow-x-auto sm:border sm:border-line sm:bg-surface">
        <table className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]">
          <thead className="border-b border-line bg-canvas text-ink-soft max-sm:sr-only">
            <tr>
              {def.columns.map((column) => {
                const label = (t[column.label] as () => string)()
                const sorted = query.sort === column.key
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className="px-4 py-3 font-semibold"
                    aria-sort={sorted ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {column.sortable ? (
                      <Link
                        to={listHref(def.module, query, {
                          sort: column.key,
                          order: sorted && query.order === 'asc' ? 'desc' : 'asc',
                          page: 1,
                        })}
                        className="inline-flex items-center gap-1 hover:underline"
                        title={t.admin_sort_by({ column: label })}
                      >
                        {label}
                        <span aria-hidden="true">{sorted ? (query.order === 'asc' ? '▲' : '▼') : ''}</span>
                      </Link>
                    ) : (
                      label
                    )}
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
            {page.items.length === 0 ? (
              <tr className="max-sm:block max-sm:rounded-xl max-sm:border max-sm:border-line max-sm:bg-surface">
                <td colSpan={def.columns.length} className="px-4 py-10 text-center text-muted max-sm:block">
                  {t.admin_empty()}
                </td>
              </tr>
            ) : (
              page.items.map((row) => (
                <tr key={String(row[def.idKey])} className="data-row" data-testid="data-row">
                  {def.columns.map((column, i) => (
                    <td key={column.key} data-label={i === 0 ? undefined : (t[column.label] as () => string)()}>
                      {i === 0 || column.key === def.nameKey ? (
                        <Link to={recordHref(def, String(row[def.idKey]))} className="record-link">
                          <Cell column={column} row={row} lookups={lookups} />
                        </Link>
                      ) : (
                        <Cell column={column} row={row} lookups={lookups} />
                      )}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav
        aria-label={t.admin_page_of({
          page: String(page.pagination.page),
          pages: String(page.pagination.lastPage),
          total: String(page.pagination.length),
        })}
        className="flex flex-wrap items-center justify-between gap-3 text-sm"
      >
        <span className="text-muted">
          {t.admin_page_of({
            page: String(page.pagination.page),
            pages: String(page.pagination.lastPage),
            total: String(page.pagination.length),
          })}
        </span>
        <span className="flex gap-2">
          {page.pagination.page > 1 ? (
            <ButtonLink to={listHref(def.module, query, { page: page.pagination.page - 1 })} variant="secondary">
              {t.admin_previous()}
            </ButtonLink>
          ) : null}
          {page.pagination.page < page.pagination.lastPage ? (
            <ButtonLink to={listHref(def.module, query, { page: page.pagination.page + 1 })} variant="secondary">
              {t.admin_next()}
            </ButtonLink>
          ) : null}
        </span>
      </nav>
    </div>
  )
}
