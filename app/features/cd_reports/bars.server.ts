import { scaleBand, scaleLinear } from '@visx/scale'
import { CHART_INNER, type BarsChart } from './bars-chart'

/** One series of a bar chart: its name (the legend and the table's heading) and its colour classes, light and dark. */
export type Series = { name: string; fill: string; values: number[] }

/** A coordinate to a hundredth of a unit: finer moves nothing on a screen. */
const at = (n: number) => Math.round(n * 100) / 100

/**
 * Bars side by side for each category (a month, an age of debts), laid out on the server with
 * visx's scales (docs/domain.md "Reports"): where each bar, tick and label goes, with labels as the
 * reader reads them (month names, amounts). The page draws it (app/features/cd_reports/bars-chart.tsx)
 * before any script, and ships none of the scales' code.
 */
export function barsChart(chart: {
  /** The ids of its title and description: unique on the page. */
  id: string
  title: string
  description: string
  categories: string[]
  series: Series[]
  categoryLabel: (category: string) => string
  valueLabel: (value: number) => string
}): BarsChart {
  const category = scaleBand({ domain: chart.categories, range: [0, CHART_INNER.width], padding: 0.25 })
  const series = scaleBand({ domain: chart.series.map((s) => s.name), range: [0, category.bandwidth()], padding: 0.1 })
  const top = Math.max(1, ...chart.series.flatMap((s) => s.values))
  const value = scaleLinear({ domain: [0, top], range: [CHART_INNER.height, 0], nice: true })
  // a year of month names fits under the bars; more, and every other one is left out
  const every = Math.ceil(chart.categories.length / 12)
  return {
    id: chart.id,
    title: chart.title,
    description: chart.description,
    values: value.ticks(4).map((v) => [at(value(v)), chart.valueLabel(v)]),
    categories: chart.categories
      .filter((_, i) => i % every === 0)
      .map((c) => [at((category(c) ?? 0) + category.bandwidth() / 2), chart.categoryLabel(c)]),
    barWidth: at(series.bandwidth()),
    series: chart.series.map((s) => ({
      fill: s.fill,
      bars: chart.categories.flatMap((c, i) => {
        const y = value(s.values[i] ?? 0)
        const height = Math.max(0, CHART_INNER.height - y)
        // a bar of nothing is not drawn
        return height > 0 ? [at((category(c) ?? 0) + (series(s.name) ?? 0)), at(y), at(height)] : []
      }),
    })),
  }
}
