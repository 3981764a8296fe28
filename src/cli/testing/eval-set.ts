// A labeled set for `eval`'s tests: a questionnaire of a yes-or-no and a choice, and tickets whose words mostly
// follow their labels.
export const questionnaire = {
  model: 'sysone/judge-1',
  input: '',
  questions: [
    {
      name: 'Urgent',
      type: 'predicate',
      instructions: 'Is the customer blocked right now?',
      criteria: {
        true: 'outage down broken blocked error',
        false: 'question thanks later curious wondering',
      },
    },
    {
      name: 'Team',
      type: 'choice',
      instructions: 'Which team should answer?',
      choices: [
        { value: 'billing', description: 'invoice charge refund payment card' },
        { value: 'shipping', description: 'delivery package parcel courier tracking' },
      ],
    },
  ],
}

/** Tickets whose words mostly follow their labels, some of them misleading: a model right most of the time. */
export function labeledSet(rows: number): string {
  const pick = <T>(list: readonly T[], n: number) => list[n % list.length] as T
  const lines = ['text,urgent,expected team']
  for (let n = 0; n < rows; n++) {
    const urgent = n % 5 < 2
    const team = n % 3 === 0 ? 'billing' : 'shipping'
    const words = [
      pick(urgent ? ['outage', 'down', 'broken', 'blocked'] : ['question', 'thanks', 'later', 'curious'], n),
      pick(
        team === 'billing' ? ['invoice', 'charge', 'refund', 'payment'] : ['delivery', 'package', 'parcel'],
        n,
      ),
    ]
    if (n % 7 === 0) words.push(urgent ? 'thanks' : 'error')
    if (n % 11 === 0) words.push(team === 'billing' ? 'courier' : 'refund')
    lines.push(`"Ticket ${n}: my ${words.join(' and ')}",${urgent ? 'yes' : 'no'},${team}`)
  }
  return `${lines.join('\n')}\n`
}
