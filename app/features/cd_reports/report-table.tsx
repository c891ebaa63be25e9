import { BarsChartSvg, type BarsChart } from './bars-chart'
import type { ReactNode } from 'react'
import { buttonClass } from '../../ui/button'

type Column<T> = readonly [heading: string, value: (row: T) => ReactNode]

/**
 * A report's table (docs/domain.md "Reports"), the chart's accessible alternative: each row named
 * by its first column, amounts to the right, an optional total row and the current period marked.
 * On a phone it scrolls sideways, and a keyboard reaches it too.
 */
export function ReportTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  total,
  totalLabel,
  current,
  minWidth,
}: {
  caption: string
  columns: ReadonlyArray<Column<T>>
  rows: T[]
  rowKey: (row: T) => string
  /** The sums, shown under the rows with `totalLabel` in the first column. */
  total?: T
  totalLabel?: string
  /** The row of today's period (the cash flow's), marked for the eye and for screen readers. */
  current?: (row: T) => boolean
  /** The width under which the table scrolls (a Tailwind class: `min-w-[36rem]`). */
  minWidth: string
}) {
  const cells = (row: T) =>
    columns.map(([heading, value], i) =>
      i ? (
        <td key={heading} className="px-3 py-2 text-right tabular-nums">
          {value(row)}
        </td>
      ) : (
        <th key={heading} scope="row" className="px-3 py-2 font-medium">
          {value(row)}
        </th>
      ),
    )
  return (
    <div className="overflow-x-auto" tabIndex={0}>
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line text-ink-soft">
          <tr>
            {columns.map(([heading], i) => (
              <th key={heading} scope="col" className={`px-3 py-2 font-semibold ${i ? 'text-right' : ''}`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={`border-b border-line ${current?.(row) ? 'font-semibold' : ''}`}
              aria-current={current?.(row) ? 'date' : undefined}
            >
              {cells(row)}
            </tr>
          ))}
        </tbody>
        {total ? (
          <tfoot className="font-semibold">
            <tr>
              <th scope="row" className="px-3 py-2">
                {totalLabel}
              </th>
              {columns.slice(1).map(([heading, value]) => (
                <td key={heading} className="px-3 py-2 text-right tabular-nums">
                  {value(total)}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  )
}

/** A chart drawn on the server and again by the browser (app/features/cd_reports/bars-chart.tsx): on a phone it keeps a size its labels read at and scrolls sideways from its end. */
export function ReportChart({ chart, minWidth }: { chart: BarsChart; minWidth: string }) {
  return (
    <div className="flex flex-row-reverse overflow-x-auto" tabIndex={0}>
      <div className={`w-full ${minWidth} shrink-0`}>
        <BarsChartSvg chart={chart} />
      </div>
    </div>
  )
}

/** A report's card: its heading (with a line under it, like the months it spans) and its Export CSV, then its chart and table. */
export function ReportSection({
  id,
  title,
  note,
  exportHref,
  exportLabel,
  children,
}: {
  id: string
  title: string
  note?: string
  exportHref: string
  exportLabel: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {note ? <p className="text-sm text-ink-soft">{note}</p> : null}
        <a href={exportHref} className={buttonClass('secondary', 'ml-auto')} download>
          {exportLabel}
        </a>
      </div>
      {children}
    </section>
  )
}
