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

/** A model's place on the plot: its context and its prompt price per 1M tokens (a position, not a price shown). */
function pointsOf(models: readonly CatalogModel[]) {
  const points: { model: CatalogModel; x: number; y: number }[] = []
  for (const model of models) {
    const prompt = model.prices.prompt === null ? 0 : Number(model.prices.prompt)
    if (model.contextLength && prompt > 0)
      points.push({ model, x: model.contextLength, y: prompt * 1_000_000 })
  }
  return points
}

/** The powers of ten around the values, for a log scale. */
function logs(values: readonly number[]) {
  let least = Number.POSITIVE_INFINITY
  let most = 0
  for (const value of values) {
    least = Math.min(least, value)
    most = Math.max(most, value)
  }
  const lo = Math.floor(Math.log10(least))
  const hi = Math.ceil(Math.log10(most))
  return { lo, hi: hi === lo ? hi + 1 : hi }
}

/** The points as one shape: a dot for each pixel some model falls on (thousands of models share a few). */
function crowdOf(
  points: readonly { x: number; y: number }[],
  sx: (value: number) => number,
  sy: (value: number) => number,
): string {
  const drawn = new Set<number>()
  let shape = ''
  for (const { x, y } of points) {
    const left = Math.round(sx(x))
    const top = Math.round(sy(y))
    const pixel = left * 65_536 + top
    if (drawn.has(pixel)) continue
    drawn.add(pixel)
    shape += `M${left} ${top}h0`
  }
  return shape
}

export function PricePlot(props: { models: readonly CatalogModel[]; onOpen: (id: string) => void }) {
  const [hover, setHover] = useState<CatalogModel | null>(null)
  const { box, width } = useWidth()
  const height = Math.min(460, Math.max(280, Math.round(width * 0.5)))
  const points = useMemo(() => pointsOf(props.models), [props.models])
  if (points.length === 0)
    return <p className="muted">No model in this view has both a context length and a prompt price.</p>
  const pointed = points.length <= pointedPointsLimit
  const xs = logs(points.map((p) => p.x))
  const ys = logs(points.map((p) => p.y))
  const sx = (v: number) =>
    margin.left + ((Math.log10(v) - xs.lo) / (xs.hi - xs.lo)) * (width - margin.left - margin.right)
  const sy = (v: number) =>
    height -
    margin.bottom -
    ((Math.log10(v) - ys.lo) / (ys.hi - ys.lo)) * (height - margin.top - margin.bottom)
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
          {pointed ? null : <path className="price-plot__crowd" d={crowdOf(points, sx, sy)} />}
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
