// The palette finds an entry by the words of its label, its group and the other words it is looked for by.
import { describe, expect, it } from 'vitest'
import { type Entry, matching } from './CommandPalette.tsx'

const entry = (label: string, group: string, keywords?: string): Entry => ({
  key: label,
  label,
  group,
  ...(keywords ? { keywords } : {}),
  run: () => {},
})

describe('the palette’s matching', () => {
  const entries = [
    entry('Go to the batch’s scores', 'Decisions', 'accuracy threshold calibration baseline'),
    entry('Label the batch’s rows', 'Decisions', 'expected answers labeling'),
    entry('Compare models', 'Models'),
  ]
  const found = (typed: string) => matching(entries, typed).map((one) => one.label)

  it('finds by every word typed, in the label, the group or the keywords, in any order and case', () => {
    expect(found('THRESH')).toEqual(['Go to the batch’s scores'])
    expect(found('decisions expected')).toEqual(['Label the batch’s rows'])
    expect(found('compare')).toEqual(['Compare models'])
    expect(found('models threshold')).toEqual([])
  })
})
