import { Link } from 'react-router'
import { currencyOf, formatMoney } from '../../../domain/money.ts'
import { numberFormat } from '../../../domain/intl.ts'
import { CULTURES, useLocale, useT } from '../../lib/i18n'
import type { RevenueCardData } from './revenue-card.server'

/** This month's revenue beside last month's on the owner's home: invoiced, collected, and the change. */
export function RevenueCard({ figures }: { figures: RevenueCardData }) {
  const t = useT()
  const locale = useLocale()
  const money = (cents: number) => formatMoney(cents, currencyOf(figures.currency), locale)
  const change = figures.last.invoiced
    ? numberFormat(CULTURES[locale], { style: 'percent', signDisplay: 'exceptZero' }).format(
        (figures.now.invoiced - figures.last.invoiced) / figures.last.invoiced,
      )
    : null
  return (
    <section
      aria-labelledby="home-revenue"
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-surface p-4"
      data-testid="home-card-revenue"
    >
      <h2 id="home-revenue" className="text-lg font-bold">
        {t.home_revenue()}
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        {(
          [
            [t.home_revenue_this_month(), figures.now],
            [t.home_revenue_last_month(), figures.last],
          ] as const
        ).map(([label, month]) => (
          <div key={label} className="flex flex-col gap-1">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-xl font-bold tabular-nums">{money(month.invoiced)}</dd>
            <dd className="text-sm text-ink-soft tabular-nums">
              {t.reports_collected()}: {money(month.collected)}
            </dd>
          </div>
        ))}
      </dl>
      {change ? <p className="text-sm text-ink-soft">{t.home_revenue_change({ change })}</p> : null}
      <Link to="/view/cd_reports" className="self-start text-sm font-semibold text-accent underline">
        {t.home_revenue_report()}
      </Link>
    </section>
  )
}
