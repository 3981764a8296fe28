// The spend ledger's structure and sums: the live text of its triggers is what the migrations make, and a
// profile's spend is the exact sum, to the picodollar, of the costs the service reported; the figures a person
// reads (today's, a batch's) are exact to the money type's last place.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { parseAmount } from '#shared/domain/money'
import { createBatch } from '../../testing/batches.ts'
import { openHistory } from './history.ts'
import { ledgerTriggers } from './ledger-schema.ts'
import { migrations } from './migrations.ts'

const dir = mkdtempSync(join(tmpdir(), 'gd-ledger-'))
const history = openHistory(dir)
afterAll(() => {
  history.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A small deterministic generator: the same 500 histories every run. */
function random(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state % below
  }
}

const picodollar = 1_000_000n

describe('the spend ledger', () => {
  it('has exactly the triggers its schema file says, with their text', () => {
    const live = history.database.db
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'spend_%' ORDER BY name",
      )
      .all()
    expect(Object.fromEntries(live.map((row) => [row.name, row.sql]))).toEqual(ledgerTriggers)
  })

  it('sums each of 500 random histories to the picodollar of the costs it was given', () => {
    const next = random(20261128)
    history.transaction(() => {
      for (let profile = 0; profile < 500; profile++) {
        let expected = 0n
        const entries = 1 + next(30)
        for (let entry = 0; entry < entries; entry++) {
          // Whole dollars up to thousands and up to twelve places: more digits than a REAL holds exactly.
          const places = next(13)
          const fraction = Array.from({ length: places }, () => next(10)).join('')
          const cost = `${next(5000)}${places ? `.${fraction}` : ''}`
          expected += parseAmount(cost)
          history.playgroundTurns.insert({
            id: `t${profile}-${entry}`,
            at: 1_000 + entry,
            profileId: `p${profile}`,
            protocol: 'messages',
            model: 'm',
            conversationId: null,
            usageJson: '{}',
            cost,
          })
        }
        expect(history.spend.spentSince(`p${profile}`, 0), `profile ${profile}`).toBe(expected)
      }
    })
  })

  it('counts a cost past the twelfth place to its whole picodollars', () => {
    history.transaction(() =>
      history.playgroundTurns.insert({
        id: 'fine',
        at: 5,
        profileId: 'fine',
        protocol: 'messages',
        model: 'm',
        conversationId: null,
        usageJson: '{}',
        cost: '0.000000000001999999',
      }),
    )
    expect(history.spend.spentSince('fine', 0)).toBe(picodollar)
  })

  it('sums the entries of a history kept before their places past the picodollar were, as exactly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gd-ledger-old-'))
    try {
      const old = new DatabaseSync(join(dir, 'history.db'))
      for (const migration of migrations.slice(0, 23)) old.exec(migration)
      old.exec(`PRAGMA user_version = 23;
        INSERT INTO spend_entries (at, profile_id, feature, model, cost, item_id) VALUES
          (1, 'kept', 'image', 'm', '0.014166666666666668', 'a'), (2, 'kept', 'image', 'm', '0.000000000000999999', 'b');`)
      old.close()
      const reopened = openHistory(dir)
      expect(reopened.spend.entriesBetween('kept', 0, 10)).toEqual({
        count: 2,
        spent: parseAmount('0.014166666666666668') + parseAmount('0.000000000000999999'),
      })
      reopened.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('sums today and a batch exactly, past the picodollar, as the money type adds them', () => {
    // A call's cost shared by its three images, as the image service stores it: shares of 18 places.
    const shares = ['0.014166666666666668', '0.014166666666666666', '0.014166666666666666']
    const enter = history.database.db.prepare(
      "INSERT INTO spend_entries (at, profile_id, feature, model, cost, item_id) VALUES (?, 'shares', 'image', 'm', ?, ?)",
    )
    for (const [at, cost] of shares.entries()) enter.run(1_000 + at, cost, `share-${at}`)
    enter.run(5_000, '7', 'later')
    expect(history.spend.entriesBetween('shares', 1_000, 5_000)).toEqual({
      count: 3,
      spent: parseAmount('0.0425'),
    })
    // A batch whose rows were priced at an estimate of 18 places, and one row of whole dollars.
    createBatch(history, { id: 'estimated', concurrency: 1, status: 'done' }, 3)
    const costs = ['0.000001234567890123', '0.000001234567890123', '2']
    history.transaction(() => {
      for (const [index, cost] of costs.entries())
        history.decisionBatches.finish('estimated', index, {
          status: 'done',
          responseJson: '{}',
          errorJson: null,
          cost,
          costEstimated: 1,
          durationMs: 1,
          finishedAt: 1,
        })
    })
    expect(history.decisionBatches.spent('estimated')).toBe(
      costs.reduce((sum, cost) => sum + parseAmount(cost), 0n),
    )
  })
})
