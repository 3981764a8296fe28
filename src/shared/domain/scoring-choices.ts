// The choices a person makes in a questionnaire's scores (what a wrong answer costs, the threshold a yes or no is
// read at), as main keeps them in the preferences and the page shows them before main has answered.
import type { Preferences, ScoringChoice } from '../ipc/routes/app.ts'

/** At most this many questionnaires keep choices made in their scores: past it, the first kept goes. */
export const scoringKept = 1000

/**
 * `scoring` with one choice merged in: the question's value kept, or taken out (null). A questionnaire left with
 * none goes; past `scoringKept` questionnaires, the one kept longest goes.
 */
export function withScoringChoice(
  scoring: Preferences['scoring'],
  choice: ScoringChoice,
): Preferences['scoring'] {
  // Entries, not spreads and lookups: a name such as "__proto__" is a name like any other.
  const without = <T>(record: Record<string, T>, name: string) =>
    Object.entries(record).filter(([key]) => key !== name)
  const one = Object.hasOwn(scoring, choice.questionnaire)
    ? (scoring[choice.questionnaire] as Preferences['scoring'][string])
    : { costs: {}, thresholds: {} }
  const values: [string, unknown][] = without<unknown>(one[choice.kind], choice.question)
  if (choice.value !== null) values.push([choice.question, choice.value])
  const kept = { ...one, [choice.kind]: Object.fromEntries(values) }
  const emptied = Object.keys(kept.costs).length === 0 && Object.keys(kept.thresholds).length === 0
  const entries = without(scoring, choice.questionnaire)
  if (!emptied) entries.push([choice.questionnaire, kept])
  return Object.fromEntries(entries.slice(Math.max(0, entries.length - scoringKept)))
}
