// Three `batch run`s at once on one data folder, as a CI matrix or three shells run them: with nothing open (the
// first command owns the folder, the others attach) and with the app open (a core that owns it), on the built-in
// Sandbox and on a live profile. Every answered row must carry its cost, once; each `--max-spend` and the
// profile's budget must hold (at most one row over); no row may be lost or answered twice.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox } from '#sandbox/server'
import { formatAmount, parseAmount } from '#shared/domain/money'
import { startCore } from '../src/main/testing/core.ts'
import { heading, report } from './figures.ts'

const built = join(import.meta.dirname, '..', 'out', 'main', 'cli.js')
const cli = existsSync(built) ? built : join(import.meta.dirname, '..', 'src', 'cli', 'index.ts')
const key = 'sk-bench-owner-0000000001'
const rows = 120
const request = {
  model: 'sysone/judge-1',
  input: 'x',
  questions: [{ type: 'predicate', name: 'urgent', instructions: 'Is it urgent?' }],
}
type Row = { row: number; status: string; cost: string | null }

function run(folder: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, '--data-dir', folder, ...args], {
      env: { ...process.env, NO_COLOR: '1', GATEWAY_API_KEY: key },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
    })
    child.on('close', (code) => resolve({ code, stderr }))
  })
}

const rowsOf = (path: string): Row[] =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Row)

const service = await startSandbox({ keys: [key], credits: 10_000, allowPrivateAddresses: true })
heading(
  `three batch runs at once on one data folder (${rows} rows each, 4 at once, ${cli === built ? 'built' : 'from source'})`,
)
try {
  for (const appOpen of [false, true])
    for (const profile of ['Sandbox', 'Local']) {
      const folder = await mkdtemp(join(tmpdir(), 'gd-bench-owner-'))
      const file = (name: string) => join(folder, name)
      try {
        writeFileSync(file('q.json'), JSON.stringify(request))
        const lines = Array.from({ length: rows }, (_, n) => `Message ${n + 1}: my parcel is late`)
        writeFileSync(file('in.txt'), `${lines.join('\n')}\n`)
        writeFileSync(file('two.txt'), `${lines.slice(0, 2).join('\n')}\n`)
        const setup = await startCore({ userData: folder })
        await setup.call('profiles.save', { name: 'Local', baseUrl: service.url })
        await setup.core.close()
        const base = ['--profile', profile, 'batch', 'run', file('q.json')]
        const probe = await run(folder, [...base, file('two.txt'), '--json', '--out', file('two.jsonl')])
        if (probe.code !== 0) throw new Error(`the first batch failed: ${probe.stderr}`)
        const rowCost = parseAmount(rowsOf(file('two.jsonl'))[0]?.cost ?? '0')
        const app = appOpen ? await startCore({ userData: folder, owner: true }) : null
        // Room for about 40 rows each: the caps stop the batches well before their ends.
        const cap = rowCost * 40n
        const ends = await Promise.all(
          [1, 2, 3].map((n) =>
            run(folder, [
              ...base,
              file('in.txt'),
              '--concurrency',
              '4',
              '--max-spend',
              formatAmount(cap),
              '--out',
              file(`out-${n}.jsonl`),
            ]),
          ),
        )
        await app?.core.close()
        let costless = 0
        let lostOrTwice = 0
        let over = 0n
        for (const [n, end] of ends.entries()) {
          // Stopped at its cap (4) is what each is meant to do; anything else but done or rows failed is a failure.
          if (![0, 1, 4].includes(end.code ?? -1)) throw new Error(`batch ${n + 1} failed: ${end.stderr}`)
          const out = rowsOf(file(`out-${n + 1}.jsonl`))
          const answered = out.filter((row) => row.status === 'answered')
          costless += answered.filter((row) => !row.cost).length
          const numbers = new Set(out.map((row) => row.row))
          lostOrTwice += rows - numbers.size + (out.length - numbers.size)
          const spent = answered.reduce((sum, row) => sum + parseAmount(row.cost ?? '0'), 0n)
          if (spent - cap > over) over = spent - cap
        }
        const label = `${profile === 'Sandbox' ? 'built-in Sandbox' : 'live profile'}, ${appOpen ? 'app open' : 'nothing open'}`
        report({
          name: `answered rows without a cost (${label})`,
          value: costless,
          unit: 'rows',
          goal: { atMost: 0 },
        })
        report({
          name: `--max-spend passed by, at most (${label})`,
          value: Number(over) / Number(rowCost),
          unit: 'rows',
          goal: { atMost: 1 },
          detail: `three batches, each capped at 40 rows' cost`,
        })
        report({
          name: `rows lost or answered twice (${label})`,
          value: lostOrTwice,
          unit: 'rows',
          goal: { atMost: 0 },
        })
      } finally {
        await rm(folder, { recursive: true, force: true })
        await rm(`${folder}.keychain`, { force: true })
      }
    }

  // A profile budget held over three batches at once, set in the app: together they stop at it.
  const folder = await mkdtemp(join(tmpdir(), 'gd-bench-owner-budget-'))
  const file = (name: string) => join(folder, name)
  try {
    writeFileSync(file('q.json'), JSON.stringify(request))
    const lines = Array.from({ length: rows }, (_, n) => `Message ${n + 1}: my parcel is late`)
    writeFileSync(file('in.txt'), `${lines.join('\n')}\n`)
    writeFileSync(file('two.txt'), `${lines.slice(0, 2).join('\n')}\n`)
    const app = await startCore({ userData: folder, owner: true })
    try {
      await app.call('profiles.save', { name: 'Local', baseUrl: service.url })
      const base = ['--profile', 'Local', 'batch', 'run', file('q.json')]
      await run(folder, [...base, file('two.txt'), '--json', '--out', file('two.jsonl')])
      const rowCost = parseAmount(rowsOf(file('two.jsonl'))[0]?.cost ?? '0')
      const local = (await app.call('profiles.list', {})).find((one) => one.name === 'Local')
      if (!local) throw new Error('no Local profile')
      const spentBefore = parseAmount(
        (await app.call('spend.budgets', {})).find((one) => one.profileId === local.id)?.spentToday ?? '0',
      )
      // Room for about 60 rows over the three batches: at most a millionth of a dollar is a budget's step.
      const step = parseAmount('0.000001')
      const daily = ((spentBefore + rowCost * 60n + step - 1n) / step) * step
      await app.call('spend.setBudget', { profileId: local.id, daily: formatAmount(daily), monthly: null })
      await Promise.all(
        [1, 2, 3].map((n) =>
          run(folder, [...base, file('in.txt'), '--concurrency', '4', '--out', file(`budget-${n}.jsonl`)]),
        ),
      )
      const spentAfter = parseAmount(
        (await app.call('spend.budgets', {})).find((one) => one.profileId === local.id)?.spentToday ?? '0',
      )
      const over = spentAfter > daily ? spentAfter - daily : 0n
      report({
        name: 'profile budget passed by three batches at once, set in the app',
        value: Number(over) / Number(rowCost),
        unit: 'rows',
        goal: { atMost: 1 },
        detail: `the budget had room for 60 rows; ${((spentAfter - spentBefore) / rowCost).toString()} rows spent`,
      })
    } finally {
      await app.core.close()
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
    await rm(`${folder}.keychain`, { force: true })
  }
} finally {
  await service.close()
}
