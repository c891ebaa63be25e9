import { AxisBottom, AxisLeft, type TickRendererProps } from '@visx/axis'
import { GridRows } from '@visx/grid'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import { renderToStaticMarkup } from 'react-dom/server'
import { createLru } from '../../../domain/lru.ts'

/** One series of a bar chart: its name (the legend and the table's heading) and its colour classes, light and dark. */
export type Series = { name: string; fill: string; values: number[] }

const [WIDTH, HEIGHT] = [720, 260]
const MARGIN = { top: 12, right: 8, bottom: 28, left: 72 }

/**
 * Bars side by side for each category (a month, an age of debts), drawn on the server as SVG with
 * visx (docs/domain.md "Reports"): the page shows it before any script and ships none of the
 * chart's code. Labels are the reader's (month names, amounts as they read them); the table under
 * it is its accessible alternative, so the picture is named and described, not read out bar by bar.
 */
export function barsSvg(chart: {
  /** The ids of its title and description: unique on the page. */
  id: string
  title: string
  description: string
  categories: string[]
  series: Series[]
  categoryLabel: (category: string) => string
  valueLabel: (value: number) => string
}): string {
  const inner = { width: WIDTH - MARGIN.left - MARGIN.right, height: HEIGHT - MARGIN.top - MARGIN.bottom }
  const category = scaleBand({ domain: chart.categories, range: [0, inner.width], padding: 0.25 })
  const series = scaleBand({ domain: chart.series.map((s) => s.name), range: [0, category.bandwidth()], padding: 0.1 })
  const top = Math.max(1, ...chart.series.flatMap((s) => s.values))
  const value = scaleLinear({ domain: [0, top], range: [inner.height, 0], nice: true })
  // a year of month names fits under the bars; more, and every other one is left out
  const every = Math.ceil(chart.categories.length / 12)
  // the same chart is drawn once: what it shows (its words and figures as the reader reads them) names it
  const labels = chart.categories.map((c) => chart.categoryLabel(c))
  const ticks = value.ticks(4).map((v) => chart.valueLabel(v))
  const { id, title, description, categories } = chart
  const key = JSON.stringify([id, title, description, categories, labels, ticks, chart.series])
  const drawn = charts.get(key)
  if (drawn) return drawn
  const svg = (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${chart.id}-title ${chart.id}-desc`}
      className="h-auto w-full text-gray-500 dark:text-gray-400"
    >
      <title id={`${chart.id}-title`}>{chart.title}</title>
      <desc id={`${chart.id}-desc`}>{chart.description}</desc>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <GridRows scale={value} width={inner.width} numTicks={4} stroke="currentColor" strokeOpacity={0.2} />
        {/* a series' bars share its colour */}
        {chart.series.map((s) => (
          <Group key={s.name} className={s.fill}>
            {chart.categories.map((c, i) => {
              const y = value(s.values[i] ?? 0)
              return (
                <Bar
                  key={c}
                  x={(category(c) ?? 0) + (series(s.name) ?? 0)}
                  y={y}
                  width={series.bandwidth()}
                  height={Math.max(0, inner.height - y)}
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
          tickComponent={Label}
        />
        <AxisBottom
          top={inner.height}
          scale={category}
          tickValues={chart.categories.filter((_, i) => i % every === 0)}
          tickFormat={(c) => labels[chart.categories.indexOf(String(c))]}
          stroke="currentColor"
          tickStroke="currentColor"
          tickLabelProps={{ fill: 'currentColor', fontSize: 11, textAnchor: 'middle' }}
          tickComponent={Label}
        />
      </Group>
    </svg>
  )
  const markup = compact(renderToStaticMarkup(svg))
  charts.set(key, markup)
  return markup
}

/** A tick's label as one SVG text (visx's own wraps each in an SVG of its own, to lay out lines a label never has). */
function Label({ formattedValue, x, y, dx, dy, fill, fontSize, textAnchor }: TickRendererProps) {
  return (
    <text x={x} y={y} dx={dx} dy={dy} fill={fill} fontSize={fontSize} textAnchor={textAnchor}>
      {formattedValue}
    </text>
  )
}

/** The charts drawn lately, by what they show: a report read again unchanged is not drawn again. */
const charts = createLru<string>(64)

/**
 * The markup made smaller, unchanged to the eye: visx's own class names, its moves by nothing, and
 * coordinates past a hundredth of a unit are left out (every page carries its charts twice: drawn,
 * and in the data its script takes over).
 */
const compact = (markup: string) =>
  markup
    .replace(/ transform="translate\(0, 0\)"/g, '')
    .replace(/ class="([^"]*)"/g, (_, classes: string) => {
      const kept = classes
        .split(' ')
        .filter((c) => c && !c.startsWith('visx-'))
        .join(' ')
      return kept ? ` class="${kept}"` : ''
    })
    // numbers of attributes only (a coordinate, a move): the words may hold figures of the reader's
    .replace(/="(-?\d+\.\d\d)\d+"/g, '="$1"')
    .replace(/translate\((-?\d+(?:\.\d\d)?)\d*, (-?\d+(?:\.\d\d)?)\d*\)/g, 'translate($1, $2)')
