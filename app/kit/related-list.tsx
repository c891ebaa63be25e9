import { Link } from 'react-router'
import { useT } from '../lib/i18n'
import { Cell } from './data-table'
import type { FeatureModule } from './module'

type Related = NonNullable<FeatureModule['related']>[number]

/** One list of records that point at this one (a client's quotes ...), each linking to its page. */
export function RelatedList({ spec, rows }: { spec: Related; rows: Array<Record<string, unknown>> }) {
  const t = useT()
  const title = (t[spec.title] as () => string)()
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="text-lg font-bold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t.admin_empty()}</p>
      ) : (
        // focusable, so a keyboard scrolls a table wider than a phone
        <div className="overflow-x-auto rounded-xl border border-line bg-surface" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line bg-canvas text-ink-soft">
              <tr>
                {spec.columns.map((column) => (
                  <th key={column.key} scope="col" className="px-3 py-2 font-semibold">
                    {(t[column.label] as () => string)()}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className="border-b border-line last:border-0">
                  {spec.columns.map((column, c) => (
                    <td key={column.key} className="px-3 py-2">
                      {c === 0 && spec.href(row) ? (
                        <Link to={spec.href(row)!} className="record-link">
                          <Cell column={column} row={row} lookups={{}} />
                        </Link>
                      ) : (
                        <Cell column={column} row={row} lookups={{}} />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
