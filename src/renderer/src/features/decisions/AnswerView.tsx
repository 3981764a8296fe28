// Answers at a glance: a gauge for yes/no, bars for a choice with the pick marked, a marker on the scale for
// a score (the weighted value may fall between levels), each with its confidence.
import type { CSSProperties } from 'react'
import { nearestLevel, type ShownAnswer } from '#shared/domain/answers'
import { yesFrom } from '#shared/domain/questionnaire'

const percent = (value: number) => `${Math.round(value * 100)}%`

export function AnswerView({ answer }: { answer: ShownAnswer }) {
  return (
    <article className="answer" aria-label={`Answer: ${answer.title}`}>
      <h3>{answer.title}</h3>
      {answer.probability !== undefined ? (
        <div className="gauge">
          <meter
            className="visually-hidden"
            aria-label="Probability of yes"
            min={0}
            max={1}
            value={answer.probability}
          />
          <div className="gauge__track">
            <div className="gauge__fill" style={{ width: percent(answer.probability) }} />
          </div>
          <span className="gauge__value">
            {answer.probability >= yesFrom(answer.question) ? 'Yes' : 'No'} · {percent(answer.probability)}{' '}
            yes
          </span>
        </div>
      ) : null}
      {answer.options && answer.score === undefined ? (
        <ol className="bars" aria-label="Probabilities">
          {[...answer.options]
            .sort((a, b) => b.probability - a.probability)
            .map((option) => (
              <li
                key={option.label}
                className={option.label === answer.pick ? 'bars__row bars__row--pick' : 'bars__row'}
              >
                <span className="bars__label">{option.label}</span>
                <span className="bars__track">
                  <span className="bars__fill" style={{ width: percent(option.probability) }} />
                </span>
                <span className="bars__value">{percent(option.probability)}</span>
              </li>
            ))}
        </ol>
      ) : null}
      {answer.score !== undefined && answer.options ? (
        <div className="score">
          <div className="score__scale" style={{ '--levels': answer.options.length } as CSSProperties}>
            <span
              className="score__marker"
              style={{ left: `${(answer.score / Math.max(1, answer.options.length - 1)) * 100}%` }}
              aria-hidden="true"
            />
            {answer.options.map((option, index) => (
              <span
                key={option.label}
                className="score__level"
                style={{ left: `${(index / Math.max(1, answer.options!.length - 1)) * 100}%` }}
              >
                <span
                  className="score__bar"
                  style={{ height: `${Math.max(4, option.probability * 40)}px` }}
                />
                <span className="score__label" title={option.label}>
                  {option.label}
                </span>
              </span>
            ))}
          </div>
          <p className="score__value">
            {nearestLevel(answer)} · score {answer.score.toFixed(2)} of {answer.options.length - 1}
          </p>
        </div>
      ) : null}
      {answer.confidence !== undefined ? (
        <p className="muted answer__confidence">Confidence {percent(answer.confidence)}</p>
      ) : null}
    </article>
  )
}
