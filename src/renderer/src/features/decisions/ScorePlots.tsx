// The small plots of the scores: a framed image whose name says its points, for a screen reader, with a caption
// that says what runs across and up.
import type { ReactNode } from 'react'
import type { ReliabilityBin, ScoreScores } from '#shared/domain/evaluation'

const percent = (value: number) => `${(value * 100).toFixed(1)}%`

/** Where a plot's axes are marked: a place on the plot (its x across, its y up) and what it reads there. */
export interface Ticks {
  across: [x: number, label: string][]
  up: [y: number, label: string][]
}

/** Room beside the plot for the values up, under it for those across, and right of it for the last one's end. */
const margin = { left: 36, bottom: 16, right: 24 }

export function PlotFrame(props: {
  width: number
  height: number
  /** The plot in words: what it shows and each of its points. */
  label: string
  caption: ReactNode
  ticks: Ticks
  className?: string
  children: ReactNode
}) {
  const { width, height, ticks } = props
  const [outerWidth, outerHeight] = [width + margin.left + margin.right, height + margin.bottom]
  return (
    <figure className={props.className ?? 'batch-scores__reliability'}>
      <svg
        width={outerWidth}
        height={outerHeight}
        viewBox={`0 0 ${outerWidth} ${outerHeight}`}
        role="img"
        aria-label={props.label}
      >
        <g transform={`translate(${margin.left} 0)`}>
          <rect x={8} y={8} width={width - 16} height={height - 16} className="batch-scores__frame" />
          {ticks.across.map(([x, label]) => (
            <text key={`x${x}`} x={x} y={height + 8} textAnchor="middle" className="batch-scores__tick">
              {label}
            </text>
          ))}
          {ticks.up.map(([y, label]) => (
            <text key={`y${y}`} x={4} y={y + 3} textAnchor="end" className="batch-scores__tick">
              {label}
            </text>
          ))}
          {props.children}
        </g>
      </svg>
      <figcaption className="muted">{props.caption}</figcaption>
    </figure>
  )
}

/** Predicted against observed, by bins: a calibrated model's points sit on the diagonal. */
export function Reliability(props: { bins: readonly ReliabilityBin[]; what: string }) {
  const size = 160
  const at = (value: number) => 8 + value * (size - 16)
  const filled = props.bins.filter((bin) => bin.count > 0)
  const words = filled
    .map((bin) => `${percent(bin.predicted)} given, ${percent(bin.observed)} true (${bin.count})`)
    .join('; ')
  const marks = [0, 0.5, 1].map((value) => [value, `${value * 100}%`] as const)
  return (
    <PlotFrame
      width={size}
      height={size}
      ticks={{
        across: marks.map(([value, label]) => [at(value), label]),
        up: marks.map(([value, label]) => [size - at(value), label]),
      }}
      label={`Reliability of the probability of ${props.what}: ${words}`}
      caption={
        props.what === 'yes'
          ? 'Probability of yes given (across) against how often it was yes (up)'
          : 'Probability of the answer (across) against how often it was right (up)'
      }
    >
      <line x1={at(0)} y1={at(1)} x2={at(1)} y2={at(0)} className="batch-scores__diagonal" />
      <polyline
        className="batch-scores__curve"
        points={filled.map((bin) => `${at(bin.predicted)},${size - at(bin.observed)}`).join(' ')}
      />
      {filled.map((bin) => (
        <circle
          key={bin.from}
          cx={at(bin.predicted)}
          cy={size - at(bin.observed)}
          r={2 + Math.min(4, Math.sqrt(bin.count) / 4)}
          className="batch-scores__point"
        />
      ))}
    </PlotFrame>
  )
}

/**
 * A score's answers against the expected levels: for each expected level, the middle 80% of the scores given (a
 * bar) and their mean (a dot); a model that scores right sits on the diagonal.
 */
export function LevelPlot(props: { levels: ScoreScores['levels'] }) {
  const size = 160
  const { top, byLevel: levels } = props.levels
  const at = (value: number) => 8 + (value / top) * (size - 16)
  const words = levels
    .map((one) => `expected ${one.level}: mean ${one.mean.toFixed(2)} (${one.count} rows)`)
    .join('; ')
  return (
    <PlotFrame
      width={size}
      height={size}
      ticks={{
        across: levels.map((one) => [at(one.level), String(one.level)]),
        up: [0, top].map((value) => [size - at(value), String(value)]),
      }}
      label={`Scores given against expected levels: ${words}`}
      caption="Expected level (across) against the score given (up)"
    >
      <line
        x1={at(0)}
        y1={size - at(0)}
        x2={at(top)}
        y2={size - at(top)}
        className="batch-scores__diagonal"
      />
      {levels.map((one) => (
        <g key={one.level}>
          <line
            x1={at(one.level)}
            x2={at(one.level)}
            y1={size - at(one.low)}
            y2={size - at(one.high)}
            className="batch-scores__curve"
          />
          <circle cx={at(one.level)} cy={size - at(one.mean)} r={3} className="batch-scores__point" />
        </g>
      ))}
    </PlotFrame>
  )
}
