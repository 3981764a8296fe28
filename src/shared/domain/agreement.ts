// How much models agree with each other on the same rows, beyond chance: what stands in for accuracy when no
// expected answers are known. Cohen's kappa for two models (each model's own share of each answer as chance),
// Fleiss' kappa for more (the answers' shares over all models).

/** The rows where the models' answers differ, by row place; `answers[model][row]`, null where a model has none. */
export function disagreements(answers: readonly (readonly (string | null)[])[]): number[] {
  const rows = Math.min(...answers.map((one) => one.length))
  const places: number[] = []
  for (let row = 0; row < rows; row++) {
    const given = answers
      .map((one) => one[row])
      .filter((answer): answer is string => answer !== null && answer !== undefined)
    if (given.length === answers.length && new Set(given).size > 1) places.push(row)
  }
  return places
}

/** Rows every model answered, as each model's answers. */
function answeredByAll(answers: readonly (readonly (string | null)[])[]): string[][] {
  const rows = Math.min(...answers.map((one) => one.length))
  const kept: string[][] = answers.map(() => [])
  for (let row = 0; row < rows; row++) {
    if (answers.some((one) => one[row] === null || one[row] === undefined)) continue
    for (const [model, one] of answers.entries()) kept[model]?.push(one[row] as string)
  }
  return kept
}

/** Cohen's kappa of two models' answers; null when it is not defined (no rows, or chance agreement is total). */
export function cohensKappa(
  first: readonly (string | null)[],
  second: readonly (string | null)[],
): number | null {
  const [a = [], b = []] = answeredByAll([first, second])
  const rows = a.length
  if (rows === 0) return null
  const count = (list: readonly string[]) => {
    const counts = new Map<string, number>()
    for (const answer of list) counts.set(answer, (counts.get(answer) ?? 0) + 1)
    return counts
  }
  const [ofA, ofB] = [count(a), count(b)]
  const observed = a.filter((answer, row) => answer === b[row]).length / rows
  let chance = 0
  for (const [answer, times] of ofA) chance += (times / rows) * ((ofB.get(answer) ?? 0) / rows)
  return chance === 1 ? null : (observed - chance) / (1 - chance)
}

/** Fleiss' kappa of several models' answers; null when it is not defined. */
export function fleissKappa(answers: readonly (readonly (string | null)[])[]): number | null {
  const kept = answeredByAll(answers)
  const raters = kept.length
  const rows = kept[0]?.length ?? 0
  if (raters < 2 || rows === 0) return null
  const share = new Map<string, number>()
  let agreement = 0
  for (let row = 0; row < rows; row++) {
    const counts = new Map<string, number>()
    for (const model of kept) counts.set(model[row] ?? '', (counts.get(model[row] ?? '') ?? 0) + 1)
    let pairs = 0
    for (const [answer, times] of counts) {
      pairs += times * times
      share.set(answer, (share.get(answer) ?? 0) + times)
    }
    agreement += (pairs - raters) / (raters * (raters - 1))
  }
  const observed = agreement / rows
  let chance = 0
  for (const times of share.values()) chance += (times / (rows * raters)) ** 2
  return chance === 1 ? null : (observed - chance) / (1 - chance)
}
