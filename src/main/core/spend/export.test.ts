// The spend CSV as a spreadsheet opens it: UTF-8 said by a byte order mark, a profile's name beside its id, the
// features in the app's words, each unit the ledger keeps in a column of its own, and no cell run as a formula.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterEach, describe, expect, it } from 'vitest'
import type { History } from '../history/history.ts'
import type { SpendRow } from '../history/spend.ts'
import type { Platform } from '../platform.ts'
import type { ProfileScope } from '../profiles/profile-scope.ts'
import type { Budgets } from './budgets.ts'
import { createSpendService } from './service.ts'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** Exports `rows` as the ledger would answer them, and reads back what was written. */
async function exported(rows: SpendRow[]) {
  const folder = mkdtempSync(join(tmpdir(), 'gd-spend-csv-'))
  folders.push(folder)
  const target = join(folder, 'spend.csv')
  const spend = createSpendService({
    history: { spend: { between: () => rows } } as unknown as History,
    platform: { saveDialog: async () => target } as unknown as Platform,
    budgets: {} as Budgets,
    profiles: () => [
      { id: 'sandbox', name: 'Sandbox' },
      { id: 'live', name: '@ops, live' },
    ],
  })
  const answer = await spend.export({ from: 0, to: 10_000, scope: 'all' }, {
    profileId: 'sandbox',
  } as ProfileScope)
  expect(answer).toEqual({ savedTo: target })
  return readFileSync(target, 'utf8')
}

let at = 1000
const entry = (
  feature: SpendRow['feature'],
  profileId: string | null,
  units: object,
  more: Partial<SpendRow> = {},
): SpendRow => ({
  at: at++,
  profileId,
  feature,
  model: 'm/one',
  cost: '0.01',
  estimated: 0,
  itemId: `item-${at}`,
  unitsJson: JSON.stringify(units),
  ...more,
})

describe('the spend CSV', () => {
  it('starts with a byte order mark, and names profiles and features as the app does', async () => {
    at = 1000
    const text = await exported([
      entry('batch', 'sandbox', {}),
      entry('decision', 'live', {}),
      entry('image', null, {}),
      entry('video', 'deleted-one', {}),
      entry('playground', 'sandbox', {}),
      entry('cache', 'sandbox', {}),
    ])
    expect(text.startsWith('\uFEFF')).toBe(true)
    const [head, ...rows] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data
    expect(head?.slice(0, 8)).toEqual([
      'time',
      'profile',
      'profile_id',
      'feature',
      'model',
      'cost_usd',
      'estimated',
      'item',
    ])
    expect(rows.map((row) => row.slice(1, 4))).toEqual([
      ['Sandbox', 'sandbox', 'Batch rows'],
      // A name a spreadsheet would run as a formula is kept as text.
      ["'@ops, live", 'live', 'Decisions'],
      ['Before profiles', '', 'Images'],
      ['A deleted profile', 'deleted-one', 'Videos'],
      ['Sandbox', 'sandbox', 'Playground'],
      ['Sandbox', 'sandbox', 'Caches'],
    ])
  })

  it('puts each unit in a column of its own, whichever protocol reported it', async () => {
    at = 1000
    const text = await exported([
      entry('batch', 'sandbox', { prompt_tokens: 120, completion_tokens: 4, total_tokens: 124 }),
      entry('playground', 'sandbox', {
        input_tokens: 50,
        output_tokens: 20,
        cache_read_input_tokens: 30,
        cache_creation_input_tokens: 10,
        cut: true,
      }),
      entry('playground', 'sandbox', {
        promptTokenCount: 80,
        candidatesTokenCount: 12,
        thoughtsTokenCount: 5,
        cachedContentTokenCount: 64,
        totalTokenCount: 97,
      }),
      entry('image', 'sandbox', {
        input_tokens: 9,
        output_tokens: 1056,
        total_tokens: 1065,
        num_input_images: 2,
      }),
      entry('video', 'sandbox', { seconds: 4 }, { estimated: 1 }),
      entry('cache', 'sandbox', { tokens: 2048 }),
      entry('decision', 'sandbox', {}, { model: '=HYPERLINK("http://x")\nclick', unitsJson: 'not json' }),
    ])
    const [head, ...rows] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data
    expect(head?.slice(8)).toEqual([
      'prompt_tokens',
      'completion_tokens',
      'reasoning_tokens',
      'cached_tokens',
      'cache_write_tokens',
      'total_tokens',
      'input_images',
      'video_seconds',
    ])
    expect(rows.map((row) => [row[4], row[6], ...row.slice(8)].join(' '))).toEqual([
      'm/one no 120 4    124  ',
      'm/one no 50 20  30 10   ',
      'm/one no 80 12 5 64  97  ',
      'm/one no 9 1056    1065 2 ',
      'm/one yes        4',
      'm/one no     2048   ',
      `'=HYPERLINK("http://x")\nclick no        `,
    ])
    // Lines end as spreadsheets expect, the last one too.
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.split('\r\n')).toHaveLength(9)
  })
})
