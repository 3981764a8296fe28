// Prompt price per 1M tokens against context length for the filtered models, both on log scales, from the two
// numbers per model the store sends. The chart is drawn at the size it is shown (text stays its size at any
// window width); up to a thousand models, hovering or focusing a point labels it in a tip kept inside the chart,
// and a click or Enter opens the model; past that the models in view are drawn as one shape.
import { useLayoutEffect, useMemo, useState } from 'react'
import type { RouteOutput } from '#shared/ipc/routes/index'
import { formatPricePerMillion, formatTokenCount, formatUsd } from '../../format.ts'

/** Points the plot draws one by one, each to point at and open (the store names the models up to this many). */
export const pointedPointsLimit = 1_000

const margin = { left: 76, right: 20, top: 16, bottom: 44 }
const tipHalfWidth = 120

/** The width the chart is shown at, followed as the window changes (from when the chart first shows). */
function useWidth() {
  const [element, box] = useState<HTMLDivElement | null>(null)
  const [width, setWidth] = useState(760)
  useLayoutEffect(() => {
    if (!element) return
    const measure = () => setWidth(Math.max(320, Math.round(element.clientWidth)))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [element])
  return { box, width }
}

/** A price on the axis as people write it: $0.10, $1, $10. */
const priceTick = (value: number) =>
  formatUsd(value >= 1 ? String(value) : value.toFixed(Math.max(2, -Math.log10(value))))

/** What the store sends for the plot: two numbers per model, and the models themselves when few. */
export type PricePoints = RouteOutput<'catalog.points'>
type Named = NonNullable<PricePoints['models']>[number]

/** Where each point stands (log10 of context and of prompt price per 1M), and the decades around them. */
interface Plotted {
  logX: Float64Array
  logY: Float64Array
  xs: { lo: number; hi: number }
  ys: { lo: number; hi: number }
}

/** The powers of ten around values from `least` to `most` (their logs), for a log scale. */
function decades(least: number, most: number) {
  const lo = Math.floor(least)
  const hi = Math.ceil(most)
  return { lo, hi: hi === lo ? hi + 1 : hi }
}

function plottedOf(points: PricePoints): Plotted {
  const count = points.contexts.length
  const logX = new Float64Array(count)
  const logY = new Float64Array(count)
  let [leastX, mostX, leastY, mostY] = [Infinity, -Infinity, Infinity, -Infinity]
  for (let at = 0; at < count; at++) {
    const lx = Math.log10(points.contexts[at] as number)
    const ly = Math.log10(points.prices[at] as number)
    logX[at] = lx
    logY[at] = ly
    leastX = Math.min(leastX, lx)
    mostX = Math.max(mostX, lx)
    leastY = Math.min(leastY, ly)
    mostY = Math.max(mostY, ly)
  }
  return { logX, logY, xs: decades(leastX, mostX), ys: decades(leastY, mostY) }
}

/** How many models share a pixel, in bands the plot shades darker as more fall on one place. */
const crowdBands = [1, 2, 10, 100] as const

/**
 * The points as a few shapes: a dot for each pixel some model falls on (thousands of models share a few), one
 * shape per band of how many share it, so where models crowd shows darker.
 */
function crowdOf(plotted: Plotted, left: (logX: number) => number, top: (logY: number) => number): string[] {
  const counts = new Map<number, number>()
  for (let at = 0; at < plotted.logX.length; at++) {
    const pixel =
      Math.round(left(plotted.logX[at] as number)) * 65_536 + Math.round(top(plotted.logY[at] as number))
    counts.set(pixel, (counts.get(pixel) ?? 0) + 1)
  }
  const shapes = crowdBands.map(() => '')
  for (const [pixel, count] of counts) {
    const band = crowdBands.findLastIndex((least) => count >= least)
    shapes[band] += `M${Math.floor(pixel / 65_536)} ${pixel % 65_536}h0`
  }
  return shapes
}

export function PricePlot(props: { points: PricePoints | undefined; onOpen: (id: string) => void }) {
  const [hover, setHover] = useState<number | null>(null)
  const { box, width } = useWidth()
  const height = Math.min(620, Math.max(360, Math.round(width * 0.6)))
  const plotted = useMemo(() => (props.points ? plottedOf(props.points) : null), [props.points])
  const named = props.points?.models ?? null
  const left = (logX: number) =>
    plotted
      ? margin.left +
        ((logX - plotted.xs.lo) / (plotted.xs.hi - plotted.xs.lo)) * (width - margin.left - margin.right)
      : 0
  const top = (logY: number) =>
    plotted
      ? height -
        margin.bottom -
        ((logY - plotted.ys.lo) / (plotted.ys.hi - plotted.ys.lo)) * (height - margin.top - margin.bottom)
      : 0
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scales follow from the plot, the width and the height
  const crowd = useMemo(
    () => (plotted && !named ? crowdOf(plotted, left, top) : []),
    [plotted, named, width, height],
  )
  if (!props.points || !plotted) return <p className="muted">Reading the models…</p>
  const { points } = props
  const count = points.contexts.length
  if (count === 0)
    return <p className="muted">No model in this view has both a context length and a prompt price.</p>
  const { xs, ys } = plotted
  const sx = (value: number) => left(Math.log10(value))
  const sy = (value: number) => top(Math.log10(value))
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
  const skipped = points.total - count
  const hovered: (Named & { x: number; y: number }) | null =
    hover !== null && named?.[hover]
      ? { ...(named[hover] as Named), x: points.contexts[hover] as number, y: points.prices[hover] as number }
      : null
  const tip = hovered
    ? {
        left: Math.min(Math.max(sx(hovered.x), tipHalfWidth), width - tipHalfWidth),
        top: sy(hovered.y),
        below: sy(hovered.y) < 80,
      }
    : null
  return (
    <figure className="price-plot" aria-label={`Prompt price against context length for ${count} models`}>
      <div className="price-plot__chart" ref={box}>
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
          <title>Prompt price per 1M tokens against context length</title>
          {range(xs.lo, xs.hi).map((power) => (
            <g key={`x${power}`}>
              <line
                className="price-plot__grid"
                x1={sx(10 ** power)}
                x2={sx(10 ** power)}
                y1={margin.top}
                y2={height - margin.bottom}
              />
              <text
                className="price-plot__tick"
                x={sx(10 ** power)}
                y={height - margin.bottom + 18}
                textAnchor="middle"
              >
                {formatTokenCount(10 ** power)}
              </text>
            </g>
          ))}
          {range(ys.lo, ys.hi).map((power) => (
            <g key={`y${power}`}>
              <line
                className="price-plot__grid"
                x1={margin.left}
                x2={width - margin.right}
                y1={sy(10 ** power)}
                y2={sy(10 ** power)}
              />
              <text className="price-plot__tick" x={margin.left - 8} y={sy(10 ** power) + 4} textAnchor="end">
                {priceTick(10 ** power)}
              </text>
            </g>
          ))}
          <text className="price-plot__axis" x={(width + margin.left) / 2} y={height - 6} textAnchor="middle">
            Context length (tokens, log scale)
          </text>
          <text
            className="price-plot__axis"
            transform={`translate(14 ${(height - margin.bottom) / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            Prompt $ per 1M tokens
          </text>
          {crowd.map((shape, band) =>
            shape ? (
              <path
                key={crowdBands[band]}
                className={`price-plot__crowd price-plot__crowd--${band}`}
                d={shape}
              />
            ) : null,
          )}
          {(named ?? []).map((model, at) => {
            const x = points.contexts[at] as number
            const y = points.prices[at] as number
            return (
              // biome-ignore lint/a11y/useSemanticElements: an SVG point cannot be a <button>; it takes focus and Enter
              <circle
                key={model.id}
                role="button"
                tabIndex={0}
                aria-label={`${model.name}: ${x.toLocaleString('en-US')} tokens, ${formatPricePerMillion(model.prompt)} per 1M`}
                className={`price-plot__point${hover === at ? ' price-plot__point--hover' : ''}`}
                cx={sx(x)}
                cy={sy(y)}
                r={hover === at ? 7 : 5}
                onMouseEnter={() => setHover(at)}
                onMouseLeave={() => setHover(null)}
                onFocus={() => setHover(at)}
                onBlur={() => setHover(null)}
                onClick={() => props.onOpen(model.id)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') props.onOpen(model.id)
                }}
              />
            )
          })}
        </svg>
        {hovered && tip ? (
          <div
            className={`price-plot__tip${tip.below ? ' price-plot__tip--below' : ''}`}
            style={{ left: tip.left, top: tip.below ? tip.top + 14 : tip.top - 14 }}
            aria-hidden="true"
          >
            <strong>{hovered.name}</strong>
            <span>
              {formatTokenCount(hovered.x)} context · {formatPricePerMillion(hovered.prompt)} per 1M
            </span>
          </div>
        ) : null}
      </div>
      <figcaption className="muted" aria-live="polite">
        {hovered
          ? `${hovered.name} (${hovered.id}) · ${hovered.x.toLocaleString('en-US')} tokens · ${formatPricePerMillion(hovered.prompt)} per 1M prompt tokens`
          : `${count.toLocaleString('en-US')} models${skipped ? `; ${skipped.toLocaleString('en-US')} without a context length or prompt price are not drawn` : ''}. ${named ? 'Hover for a model, click to open it.' : `Narrow the filters to ${pointedPointsLimit.toLocaleString('en-US')} models or fewer to point at one and open it.`}`}
      </figcaption>
    </figure>
  )
}
