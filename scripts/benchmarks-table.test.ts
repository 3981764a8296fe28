// The benchmark table in docs/ is written from a run's figures, never by hand: the page holds exactly the table
// that docs/benchmarks.json gives.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type Run, table, tableIn, withTable } from '../bench/table.ts'

const docs = join(import.meta.dirname, '..', 'docs')

describe('the benchmark table', () => {
  it('in docs/benchmarks.md is the one the kept run’s figures give', () => {
    const run = JSON.parse(readFileSync(join(docs, 'benchmarks.json'), 'utf8')) as Run
    expect(run.figures.length).toBeGreaterThan(0)
    expect(tableIn(readFileSync(join(docs, 'benchmarks.md'), 'utf8'))).toBe(table(run))
  })

  it('is replaced whole by a new run, the rest of the page kept', () => {
    const figure = { name: 'a read', value: 12, unit: 'ms' as const, goal: { atMost: 16 } }
    const first = withTable('# Benchmarks\n\nHow they run.\n', { machine: 'm', date: 'd', figures: [figure] })
    const second = withTable(`${first}\nAfter.\n`, {
      machine: 'm',
      date: 'e',
      figures: [{ ...figure, value: 20 }],
    })
    expect(second.startsWith('# Benchmarks\n\nHow they run.\n')).toBe(true)
    expect(second.endsWith('\nAfter.\n')).toBe(true)
    expect(second).toContain('| a read | ≤ 16.0 ms | 20.0 ms | ✗ |')
    expect(second).not.toContain('12.0 ms')
  })
})
