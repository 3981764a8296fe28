// What a budget check costs main before each costly request and batch row: the profile's spend this month
// summed from the ledger, at a month of 10,000 and of 100,000 entries (ten times a busy month of batches),
// beside the old way of adding up each entry's decimal in JavaScript.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openHistory } from '#core/history/history'
import { parseAmount } from '#shared/domain/money'
import { heading, report } from './figures.ts'
import { percentile } from './measure.ts'

const folder = await mkdtemp(join(tmpdir(), 'gd-bench-budget-'))
const history = openHistory(folder)
const { db } = history.database
const insert = db.prepare(
  `INSERT INTO playground_turns (id, at, profile_id, protocol, model, usage_json, cost)
   VALUES (?, ?, 'paid', 'messages', 'nimbus/chat-4', '{}', ?)`,
)
const monthStart = new Date(2026, 10, 1).getTime()
let written = 0
const fill = (count: number) => {
  db.exec('BEGIN')
  for (; written < count; written++)
    insert.run(
      `turn-${written}`,
      monthStart + written * 1000,
      (0.0000004 * ((written % 997) + 1) * 123).toFixed(12),
    )
  db.exec('COMMIT')
}
const costs = db.prepare("SELECT cost FROM spend_entries WHERE profile_id = 'paid' AND at >= ?")

heading('budget check: a profile’s spend this month, read before each costly request')
for (const entries of [10_000, 100_000]) {
  fill(entries)
  const runs = Array.from({ length: 200 }, () => {
    const started = performance.now()
    history.spend.spentSince('paid', monthStart)
    return performance.now() - started
  })
  const parsed = Array.from({ length: 20 }, () => {
    const started = performance.now()
    let sum = 0n
    for (const row of costs.all(monthStart)) sum += parseAmount(String(row.cost))
    return performance.now() - started + Number(sum * 0n)
  })
  const size = entries.toLocaleString('en-US')
  report({
    name: `spend this month summed, p95 (${size} entries)`,
    value: percentile(runs, 95),
    unit: 'ms',
    goal: { atMost: 16 },
    detail: `each decimal parsed in JavaScript: p95 ${percentile(parsed, 95).toFixed(1)} ms`,
  })
}
history.close()
await rm(folder, { recursive: true, force: true })
