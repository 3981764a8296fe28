// Prompt price per 1M tokens against context length for the filtered models, both on log scales. The chart is
// drawn at the size it is shown (text stays its size at any window width); hovering or focusing a point labels
// it in a tip kept inside the chart, and a click or Enter opens the model.
import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { CatalogModel } from '#shared/domain/catalog'
import { formatPricePerMillion, formatTokenCount, formatUsd } from '../../format.ts'

const margin = { left: 76, right: 20, top: 16, bottom: 44 }
const tipHalfWidth = 120

/** The width the chart is shown at, followed as the window changes. */
function useWidth() {
  const box = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(760)
  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const measure = () => setWidth(Math.max(320, Math.round(element.clientWidth)))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { box, width }
}

/** A price on the axis as people write it: $0.10, $1, $10. */
const priceTick = (value: number) =>
  formatUsd(value >= 1 ? String(value) : value.toFixed(Math.max(2, -Math.log10(value))))

/**
 * Points drawn one by one, each to point at, focus and open; past it the models in view are drawn as one shape
 * (50,000 points of their own would hold the page for seconds, and no one tabs through them).
 */
export const pointedPointsLimit = 1_000

/** The models a plot draws, where each stands (log10 of context and of prompt price per 1M), and the decades. */
interface Plotted {
  points: { model: CatalogModel; x: number; y: number }[]
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

/** Each list's plot, worked out once: the screen gives the same list again for the same filter. */
const plots = new WeakMap<readonly CatalogModel[], Plotted>()
function plottedOf(models: readonly CatalogModel[]): Plotted {
  const known = plots.get(models)
  if (known) return known
  const points: Plotted['points'] = []
  const logX = new Float64Array(models.length)
  const logY = new Float64Array(models.length)
  let [leastX, mostX, leastY, mostY] = [Infinity, -Infinity, Infinity, -Infinity]
  for (const model of models) {
    // A position, not a price shown: the price as a number is close enough to place it.
    const y = model.prices.prompt === null ? 0 : Number(model.prices.prompt) * 1_000_000
    if (!model.contextLength || !(y > 0)) continue
    const lx = Math.log10(model.contextLength)
    const ly = Math.log10(y)
    logX[points.length] = lx
    logY[points.length] = ly
    points.push({ model, x: model.contextLength, y })
    leastX = Math.min(leastX, lx)
    mostX = Math.max(mostX, lx)
    leastY = Math.min(leastY, ly)
    mostY = Math.max(mostY, ly)
  }
  const plotted = { points, logX, logY, xs: decades(leastX, mostX), ys: decades(leastY, mostY) }
  plots.set(models, plotted)
  return plotted
}

/** Works out the plot of a list ahead, while the page is idle, so that opening the plot does not. */
export const preparePlot = (models: readonly CatalogModel[]): void => void plottedOf(models)

/** The points as one shape: a dot for each pixel some model falls on (thousands of models share a few). */
function crowdOf(plotted: Plotted, left: (logX: number) => number, top: (logY: number) => number): string {
  const drawn = new Set<number>()
  let shape = ''
  for (let at = 0; at < plotted.points.length; at++) {
    const x = Math.round(left(plotted.logX[at] as number))
    const y = Math.round(top(plotted.logY[at] as number))
    const pixel = x * 65_536 + y
    if (drawn.has(pixel)) continue
    drawn.add(pixel)
    shape += `M${x} ${y}h0`
  }
  return shape
}

export function PricePlot(props: { models: readonly CatalogModel[]; onOpen: (id: string) => void }) {
  const [hover, setHover] = useState<CatalogModel | null>(null)
  const { box, width } = useWidth()
  const height = Math.min(460, Math.max(280, Math.round(width * 0.5)))
  const plotted = plottedOf(props.models)
  const { points, xs, ys } = plotted
  const pointed = points.length <= pointedPointsLimit
  const left = (logX: number) =>
    margin.left + ((logX - xs.lo) / (xs.hi - xs.lo)) * (width - margin.left - margin.right)
  const top = (logY: number) =>
    height - margin.bottom - ((logY - ys.lo) / (ys.hi - ys.lo)) * (height - margin.top - margin.bottom)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scales follow from the plot, the width and the height
  const crowd = useMemo(() => (pointed ? '' : crowdOf(plotted, left, top)), [plotted, pointed, width, height])
  if (points.length === 0)
    return <p className="muted">No model in this view has both a context length and a prompt price.</p>
  const sx = (value: number) => left(Math.log10(value))
  const sy = (value: number) => top(Math.log10(value))
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
  const skipped = props.models.length - points.length
  const hovered = hover ? points.find((point) => point.model.id === hover.id) : undefined
  const tip = hovered
    ? {
        left: Math.min(Math.max(sx(hovered.x), tipHalfWidth), width - tipHalfWidth),
        top: sy(hovered.y),
        below: sy(hovered.y) < 80,
      }
    : null
  return (
    <figure
      className="price-plot"
      aria-label={`Prompt price against context length for ${points.length} models`}
    >
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
          {pointed ? null : <path className="price-plot__crowd" d={crowd} />}
          {(pointed ? points : []).map(({ model, x, y }) => (
            // biome-ignore lint/a11y/useSemanticElements: an SVG point cannot be a <button>; it takes focus and Enter
            <circle
              key={model.id}
              role="button"
              tabIndex={0}
              aria-label={`${model.name}: ${x.toLocaleString()} tokens, ${formatPricePerMillion(model.prices.prompt ?? '0')} per 1M`}
              className={`price-plot__point${hover?.id === model.id ? ' price-plot__point--hover' : ''}`}
              cx={sx(x)}
              cy={sy(y)}
              r={hover?.id === model.id ? 7 : 5}
              onMouseEnter={() => setHover(model)}
              onMouseLeave={() => setHover(null)}
              onFocus={() => setHover(model)}
              onBlur={() => setHover(null)}
              onClick={() => props.onOpen(model.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') props.onOpen(model.id)
              }}
            />
          ))}
        </svg>
        {hovered && tip ? (
          <div
            className={`price-plot__tip${tip.below ? ' price-plot__tip--below' : ''}`}
            style={{ left: tip.left, top: tip.below ? tip.top + 14 : tip.top - 14 }}
            aria-hidden="true"
          >
            <strong>{hovered.model.name}</strong>
            <span>
              {formatTokenCount(hovered.x)} context ·{' '}
              {formatPricePerMillion(hovered.model.prices.prompt ?? '0')} per 1M
            </span>
          </div>
        ) : null}
      </div>
      <figcaption className="muted" aria-live="polite">
        {hover
          ? `${hover.name} (${hover.id}) · ${hover.contextLength?.toLocaleString()} tokens · ${formatPricePerMillion(hover.prices.prompt ?? '0')} per 1M prompt tokens`
          : `${points.length.toLocaleString()} models${skipped ? `; ${skipped.toLocaleString()} without a context length or prompt price are not drawn` : ''}. ${pointed ? 'Hover for a model, click to open it.' : `Narrow the filters to ${pointedPointsLimit.toLocaleString()} models or fewer to point at one and open it.`}`}
      </figcaption>
    </figure>
  )
}
