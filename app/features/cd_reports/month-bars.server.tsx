import { AxisBottom, AxisLeft } from '@visx/axis'
import { GridRows } from '@visx/grid'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import { renderToStaticMarkup } from 'react-dom/server'

/** One series of a month chart: its name (the legend and the table's heading) and its colour classes, light and dark. */
export type Series = { name: string; fill: string; values: number[] }

const [WIDTH, HEIGHT] = [720, 260]
const MARGIN = { top: 12, right: 8, bottom: 28, left: 72 }

/**
 * Bars side by side for each month, drawn on the server as SVG with visx (docs/domain.md
 * "Reports"): the page shows it before any script and ships none of the chart's code. Labels are
 * the reader's (month names, amounts as they read them); the table under it is its accessible
 * alternative, so the picture is named and described, not read out bar by bar.
 */
export function monthBarsSvg(chart: {
  title: string
  description: string
  months: string[]
  series: Series[]
  monthLabel: (month: string) => string
  valueLabel: (value: number) => string
}): string {
  const inner = { width: WIDTH - MARGIN.left - MARGIN.right, height: HEIGHT - MARGIN.top - MARGIN.bottom }
  const month = scaleBand({ domain: chart.months, range: [0, inner.width], padding: 0.25 })
  const series = scaleBand({ domain: chart.series.map((s) => s.name), range: [0, month.bandwidth()], padding: 0.1 })
  const top = Math.max(1, ...chart.series.flatMap((s) => s.values))
  const value = scaleLinear({ domain: [0, top], range: [inner.height, 0], nice: true })
  // a year of month names fits under the bars; more, and every other one is left out
  const every = Math.ceil(chart.months.length / 12)
  const svg = (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby="chart-title chart-desc"
      className="h-auto w-full text-gray-500 dark:text-gray-400"
    >
      <title id="chart-title">{chart.title}</title>
      <desc id="chart-desc">{chart.description}</desc>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <GridRows scale={value} width={inner.width} numTicks={4} stroke="currentColor" strokeOpacity={0.2} />
        {chart.months.map((m, i) => (
          <Group key={m} left={month(m) ?? 0}>
            {chart.series.map((s) => {
              const y = value(s.values[i] ?? 0)
              return (
                <Bar
                  key={s.name}
                  x={series(s.name) ?? 0}
                  y={y}
                  width={series.bandwidth()}
                  height={Math.max(0, inner.height - y)}
                  className={s.fill}
                />
              )
            })}
          </Group>
        ))}
        <AxisLeft
          scale={value}
          numTicks={4}
          tickFormat={(v) => chart.valueLabel(Number(v))}
          stroke="currentColor"
          tickStroke="currentColor"
          tickLabelProps={{ fill: 'currentColor', fontSize: 11, textAnchor: 'end', dx: -4, dy: 3 }}
        />
        <AxisBottom
          top={inner.height}
          scale={month}
          tickValues={chart.months.filter((_, i) => i % every === 0)}
          tickFormat={(m) => chart.monthLabel(String(m))}
          stroke="currentColor"
          tickStroke="currentColor"
          tickLabelProps={{ fill: 'currentColor', fontSize: 11, textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  )
  return renderToStaticMarkup(svg)
}
