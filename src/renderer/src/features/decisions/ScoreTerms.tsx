// The words of the scores, each in a sentence, for a person who has not read docs/evaluation.md: those of the
// kinds of question the questionnaire asks.
import type { QuestionKind } from '#shared/domain/questionnaire'

const yesOrNo: QuestionKind[] = ['predicate']
const probabilities: QuestionKind[] = ['predicate', 'choice']

/** A term, what it means, and the kinds of question whose scores say it (all where none are named). */
const terms: [string, string, QuestionKind[]?][] = [
  [
    'Accuracy',
    'The share of rows answered as expected; the range after it is where it would likely fall on other rows like these (95%).',
  ],
  [
    'Precision · recall',
    'Of the rows answered yes, the share that were yes; of the rows that were yes, the share answered yes.',
    probabilities,
  ],
  [
    'Best threshold',
    'The probability of yes from which to say yes: by F1 (precision and recall together), or at the least cost when you say what a wrong yes and a wrong no cost.',
    yesOrNo,
  ],
  [
    'ROC AUC',
    'How well the probabilities rank yes rows above no rows: 1 always, 0.5 no better than chance.',
    yesOrNo,
  ],
  [
    'Brier score · log loss',
    'How far the probabilities are from what was right: 0 is perfect, lower is better.',
    probabilities,
  ],
  [
    'Calibration error (ECE)',
    'How far “80% sure” is from being right 80% of the time, over all the answers (of a yes or no, how often “80% yes” was yes): lower is better. The plot shows it by bins.',
    probabilities,
  ],
  [
    'Nearest level · within one · mean distance',
    'For a score: the share whose nearest level was the expected one, the share within one level, and the mean distance in levels.',
    ['score'],
  ],
  [
    'Cost per right answer',
    'What a row costs, over the share of the scored rows answered as expected: what each right answer costs you.',
  ],
  [
    'On the frontier',
    'No other model is at least as accurate for at most the cost: the models worth choosing between.',
  ],
  [
    'κ (kappa)',
    'How much models agree beyond chance: 1 always, 0 as by chance. It stands in where no answer is known to be right.',
  ],
]

export function ScoreTerms(props: { kinds: readonly QuestionKind[] }) {
  const asked = terms.filter(([, , kinds]) => !kinds || kinds.some((kind) => props.kinds.includes(kind)))
  return (
    <details className="batch-scores__terms">
      <summary>What the scores mean</summary>
      <dl className="batch-scores__figures">
        {asked.map(([term, meaning]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
