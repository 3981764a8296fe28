// What a wrong answer to a yes-or-no question costs the person: a wrong yes and a wrong no, in any one unit
// (dollars, minutes of someone's time). Given both, the best threshold is the one of least cost over the rows.
import { useId, useState } from 'react'
import type { ErrorCosts } from '#shared/domain/evaluation-set'

/**
 * A cost as a person writes one: a number of 0 or more in plain decimals, with one currency sign before or after it
 * and commas between thousands if they like ("$5", "1,000.50 €"); not an exponent, a hexadecimal or "0,5".
 */
const written = /^([$€£¥]?)\s*(\d+(?:\.\d*)?|\.\d+|[1-9]\d{0,2}(?:,\d{3})+(?:\.\d*)?)\s*([$€£¥]?)$/

export const costOf = (text: string) => {
  const parts = written.exec(text.trim())
  if (!parts || (parts[1] && parts[3])) return null
  return Number((parts[2] ?? '').replaceAll(',', ''))
}

export function ErrorCostsField(props: {
  question: string
  costs: ErrorCosts | null
  onCosts: (costs: ErrorCosts | null) => void
}) {
  const [yes, setYes] = useState(props.costs ? String(props.costs.falseYes) : '')
  const [no, setNo] = useState(props.costs ? String(props.costs.falseNo) : '')
  const change = (nextYes: string, nextNo: string) => {
    setYes(nextYes)
    setNo(nextNo)
    const [falseYes, falseNo] = [costOf(nextYes), costOf(nextNo)]
    props.onCosts(
      falseYes !== null && falseNo !== null && falseYes + falseNo > 0 ? { falseYes, falseNo } : null,
    )
  }
  const unreadableOf = (text: string) => text.trim() !== '' && costOf(text) === null
  const wrong = [unreadableOf(yes) ? 'a wrong yes' : null, unreadableOf(no) ? 'a wrong no' : null].filter(
    (one) => one !== null,
  )
  const said = useId()
  return (
    <fieldset className="batch-scores__costs">
      <legend className="field__label">What a wrong answer to “{props.question}” costs you</legend>
      <label className="field batch-scores__cost">
        <span className="field__label">A wrong yes</span>
        <input
          inputMode="decimal"
          value={yes}
          aria-invalid={unreadableOf(yes) || undefined}
          aria-describedby={said}
          onChange={(event) => change(event.target.value, no)}
        />
      </label>
      <label className="field batch-scores__cost">
        <span className="field__label">A wrong no</span>
        <input
          inputMode="decimal"
          value={no}
          aria-invalid={unreadableOf(no) || undefined}
          aria-describedby={said}
          onChange={(event) => change(yes, event.target.value)}
        />
      </label>
      <p
        id={said}
        className={wrong.length > 0 ? 'field-error' : 'muted'}
        role={wrong.length > 0 ? 'alert' : undefined}
      >
        {wrong.length > 0
          ? `The cost of ${wrong.join(' and of ')} is not a number of 0 or more: write one, with a point for a fraction (1.5), in one unit. Until then the best threshold is by F1.`
          : props.costs
            ? 'The best threshold below is the one of least cost over these rows.'
            : costOf(yes) === 0 && costOf(no) === 0
              ? 'Both cost 0: there is nothing to weigh, so the best threshold is by F1.'
              : 'Give both as numbers in one unit (both in dollars, or both in minutes…), to pick the threshold of least cost instead of by F1.'}
      </p>
    </fieldset>
  )
}
