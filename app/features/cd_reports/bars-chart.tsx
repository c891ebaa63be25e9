/** The box every chart is drawn in, and the room its axes take. */
export const CHART = { width: 720, height: 260, margin: { top: 12, right: 8, bottom: 28, left: 72 } }
/** The room the bars take. */
export const CHART_INNER = {
  width: CHART.width - CHART.margin.left - CHART.margin.right,
  height: CHART.height - CHART.margin.top - CHART.margin.bottom,
}

/**
 * A bar chart as the server worked it out (app/features/cd_reports/bars.server.ts): where each
 * bar, tick and label goes, and the words as the reader reads them. Numbers, not markup, so the
 * page's data stays small; drawn by the component below on the server and again by the browser.
 */
export type BarsChart = {
  /** The ids of its title and description: unique on the page. */
  id: string
  title: string
  description: string
  /** The value axis: each tick's height and label. */
  values: Array<[y: number, label: string]>
  /** The category axis: the middle of each labelled category and its label. */
  categories: Array<[x: number, label: string]>
  /** Every bar's width. */
  barWidth: number
  /** Each series' colour classes (light and dark) and its bars, as x, y and height one after another (none for nothing). */
  series: Array<{ fill: string; bars: number[] }>
}

/**
 * The chart as SVG (docs/domain.md "Reports"): named and described, not read out bar by bar — the
 * table under it is its accessible alternative. Shared presentation attributes sit on groups.
 */
export function BarsChartSvg({ chart }: { chart: BarsChart }) {
  const { id, values, categories, barWidth } = chart
  return (
    <svg
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full text-gray-500 dark:text-gray-400"
    >
      <title id={`${id}-title`}>{chart.title}</title>
      <desc id={`${id}-desc`}>{chart.description}</desc>
      <g transform={`translate(${CHART.margin.left}, ${CHART.margin.top})`}>
        <g stroke="currentColor" strokeOpacity={0.2} shapeRendering="crispEdges">
          {values.map(([y]) => (
            <line key={y} x2={CHART_INNER.width} y1={y} y2={y} />
          ))}
        </g>
        {chart.series.map((s, k) => (
          <g key={k} className={s.fill}>
            {Array.from({ length: s.bars.length / 3 }, (_, i) => (
              <rect key={i} x={s.bars[3 * i]} y={s.bars[3 * i + 1]} width={barWidth} height={s.bars[3 * i + 2]} />
            ))}
          </g>
        ))}
        <g stroke="currentColor" shapeRendering="crispEdges">
          <line y1={CHART_INNER.height + 0.5} y2={0.5} />
          <line y1={CHART_INNER.height} x2={CHART_INNER.width + 0.5} y2={CHART_INNER.height} />
          {values.map(([y]) => (
            <line key={y} x2={-8} y1={y} y2={y} />
          ))}
          {categories.map(([x]) => (
            <line key={x} x1={x} x2={x} y1={CHART_INNER.height} y2={CHART_INNER.height + 8} />
          ))}
        </g>
        <g fill="currentColor" fontSize={11} textAnchor="end">
          {values.map(([y, label]) => (
            <text key={y} x={-12} y={y} dy={3}>
              {label}
            </text>
          ))}
        </g>
        <g fill="currentColor" fontSize={11} textAnchor="middle">
          {categories.map(([x, label]) => (
            <text key={x} x={x} y={CHART_INNER.height + 19} dy="0.25em">
              {label}
            </text>
          ))}
        </g>
      </g>
    </svg>
  )
}
