// A batch's counts of rows by status and what its answered rows cost, kept on the batch as its rows are written:
// after any run of finishes, failures, retries and new prices they are what counting and adding up the rows gives,
// to the last of eighteen places; a history kept before they were is counted as it opens.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { parseAmount } from '#shared/domain/money'
import { createBatch } from '../../testing/batches.ts'
import { openHistory } from './history.ts'
import { migrations } from './migrations.ts'

const dirs: string[] = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gd-batch-counts-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** The same runs every time. */
function random(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state % below
  }
}

/** A batch's counts and spending as its rows say, counted and added up here. */
function countedFromRows(db: DatabaseSync, id: string) {
  const rows = db.prepare('SELECT status, cost FROM decision_batch_items WHERE batch_id = ?').all(id) as {
    status: string
    cost: string | null
  }[]
  const of = (status: string) => rows.filter((row) => row.status === status).length
  return {
    counts: { total: rows.length, done: of('done'), failed: of('failed'), pending: of('pending') },
    spent: rows
      .filter((row) => row.status === 'done' && row.cost !== null)
      .reduce((sum, row) => sum + parseAmount(row.cost as string), 0n),
  }
}

describe('a batch’s counts and spending', () => {
  it('follow its rows through finishes, failures, retries and new prices, to the last place', () => {
    const dir = folder()
    const history = openHistory(dir)
    const db = new DatabaseSync(join(dir, 'history.db'))
    const next = random(20261129)
    const cost = () => {
      const places = next(19)
      const fraction = Array.from({ length: places }, () => next(10)).join('')
      return `${next(3)}${places ? `.${fraction}` : ''}`
    }
    for (let batch = 0; batch < 20; batch++) {
      const id = `b${batch}`
      const rows = 1 + next(40)
      createBatch(history, { id, concurrency: 1, status: 'running' }, rows)
      for (let step = 0; step < rows * 3; step++) {
        const index = next(rows)
        history.transaction(() => {
          if (next(5) === 0) history.decisionBatches.retry(id, next(2) ? index : null)
          else
            history.decisionBatches.finish(id, index, {
              status: next(4) === 0 ? 'failed' : 'done',
              responseJson: '{}',
              errorJson: null,
              cost: next(6) === 0 ? null : cost(),
              costEstimated: 0,
              durationMs: 1,
              finishedAt: step,
            })
        })
      }
      const expected = countedFromRows(db, id)
      expect(history.decisionBatches.counts(id)).toEqual(expected.counts)
      expect(history.decisionBatches.spent(id)).toBe(expected.spent)
    }
    // A batch deleted goes with its rows; the others keep theirs.
    history.transaction(() => history.decisionBatches.delete('b0'))
    expect(history.decisionBatches.counts('b0')).toEqual({ total: 0, done: 0, failed: 0, pending: 0 })
    expect(history.decisionBatches.counts('b1')).toEqual(countedFromRows(db, 'b1').counts)
    db.close()
    history.close()
  })

  it('of a history kept before they were kept are counted as it opens', () => {
    const dir = folder()
    const old = new DatabaseSync(join(dir, 'history.db'))
    for (const migration of migrations.slice(0, 22)) old.exec(migration)
    old.exec(`PRAGMA user_version = 22;
      INSERT INTO decision_batches (id, name, questionnaire_json, model, endpoint, template_json, profile_id,
        concurrency, spend_cap, status, created_at, updated_at)
        VALUES ('kept', 'n', '{}', 'm', 'unified', '{}', 'sandbox', 1, NULL, 'done', 1, 1);
      INSERT INTO decision_batch_items (batch_id, idx, input_json, status, cost) VALUES
        ('kept', 0, '"a"', 'done', '0.000001234567890123'),
        ('kept', 1, '"b"', 'done', '2'),
        ('kept', 2, '"c"', 'failed', NULL),
        ('kept', 3, '"d"', 'pending', NULL);`)
    old.close()
    const history = openHistory(dir)
    expect(history.decisionBatches.counts('kept')).toEqual({ total: 4, done: 2, failed: 1, pending: 1 })
    expect(history.decisionBatches.spent('kept')).toBe(parseAmount('2.000001234567890123'))
    history.close()
  })
})
