// Profiles from a terminal, and a service given by its address alone, as a CI job has it: nothing made in the
// window first, no key written anywhere, the same with the app open (the command attached to it) or not.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { startCore } from '../main/testing/core.ts'
import { jsonLines, lineOf, runCli } from './testing/run-cli.ts'

const key = 'sk-cli-profiles-0123456789'
let service: Sandbox
let dataDir = ''
const file = (name: string) => join(dataDir, name)

beforeAll(async () => {
  service = await startSandbox({ keys: [key], allowPrivateAddresses: true })
  dataDir = mkdtempSync(join(tmpdir(), 'gd-cli-profiles-'))
  writeFileSync(
    file('q.json'),
    JSON.stringify({
      model: 'sysone/judge-1',
      input: 'x',
      questions: [{ type: 'predicate', name: 'urgent', instructions: 'Is it urgent?' }],
    }),
  )
  writeFileSync(file('three.txt'), 'late parcel\nbroken lid\nthank you\n')
})
afterAll(async () => {
  await service.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(`${dataDir}.keychain`, { force: true })
})

describe('profiles', () => {
  it('are added, listed, used, tested and removed from the terminal', async () => {
    const added = await runCli(dataDir, ['--json', 'profiles', 'add', 'Local', service.url])
    expect(added.code, added.stderr).toBe(0)
    expect(lineOf(added.stdout, 'profile')).toMatchObject({
      name: 'Local',
      baseUrl: service.url,
      keyKept: false,
    })
    const listed = jsonLines((await runCli(dataDir, ['--json', 'profiles', 'list'])).stdout)
    expect(listed.map((one) => one.name)).toEqual(['Sandbox', 'Local'])
    expect((await runCli(dataDir, ['profiles', 'use', 'local'])).code).toBe(0)
    const tested = await runCli(dataDir, ['--json', 'profiles', 'test'], { env: { GATEWAY_API_KEY: key } })
    expect(tested.code, tested.stderr).toBe(0)
    expect(lineOf(tested.stdout, 'connection')).toMatchObject({ outcome: 'ok' })
    const refused = await runCli(dataDir, ['profiles', 'test', 'Local'], {
      env: { GATEWAY_API_KEY: 'sk-wrong-000000' },
    })
    expect(refused.code).toBe(3)
    expect((await runCli(dataDir, ['profiles', 'use', 'Nowhere'])).code).toBe(2)
    expect((await runCli(dataDir, ['profiles', 'remove', 'Local'])).code).toBe(0)
    expect(
      jsonLines((await runCli(dataDir, ['--json', 'profiles', 'list'])).stdout).map((one) => one.name),
    ).toEqual(['Sandbox'])
  })

  it('take a service from GATEWAY_BASE_URL and GATEWAY_API_KEY alone, writing neither', async () => {
    const before = service.state.keys.get(key)?.requests ?? 0
    const environment = { GATEWAY_BASE_URL: service.url, GATEWAY_API_KEY: key }
    const run = await runCli(dataDir, ['--json', 'batch', 'run', file('q.json'), file('three.txt')], {
      env: environment,
    })
    expect(run.code, run.stderr).toBe(0)
    expect(lineOf(run.stdout, 'batch')).toMatchObject({ status: 'done', done: 3 })
    // Sent to that service with that key: its connection check and three rows.
    expect((service.state.keys.get(key)?.requests ?? 0) - before).toBe(4)
    // Attached to the open app, the same: the profile lives in the app for this command alone.
    const app = await startCore({ userData: dataDir, owner: true })
    try {
      const attached = await runCli(dataDir, ['--json', 'batch', 'run', file('q.json'), file('three.txt')], {
        env: environment,
      })
      expect(attached.code, attached.stderr).toBe(0)
      expect((service.state.keys.get(key)?.requests ?? 0) - before).toBe(8)
      expect((await app.call('profiles.list', {})).map((one) => one.name)).toEqual(['Sandbox'])
    } finally {
      await app.core.close()
    }
    const kept = existsSync(file('profiles.json')) ? readFileSync(file('profiles.json'), 'utf8') : ''
    expect(kept).not.toContain(service.url)
    for (const name of ['profiles.json', 'secrets.json'])
      if (existsSync(file(name))) expect(readFileSync(file(name), 'utf8')).not.toContain(key)
    const wrong = await runCli(dataDir, ['jobs', 'list'], { env: { GATEWAY_BASE_URL: 'not an address' } })
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toMatch(/GATEWAY_BASE_URL/)
  })

  it('need no data folder for a command that only reads, two at once, and leave nothing behind', async () => {
    const missing = join(dataDir, 'not-made')
    // The throwaway folder a reading command works in goes to TMPDIR: this test's own, to see it removed.
    const scratch = mkdtempSync(join(tmpdir(), 'gd-cli-scratch-'))
    try {
      const environment = { GATEWAY_BASE_URL: service.url, GATEWAY_API_KEY: key, TMPDIR: scratch }
      const [models, jobs] = await Promise.all([
        runCli(missing, ['--json', 'models', 'list'], { env: environment }),
        runCli(missing, ['--json', 'jobs', 'list'], { env: { TMPDIR: scratch } }),
      ])
      expect(models.code, models.stderr).toBe(0)
      expect(jsonLines(models.stdout).filter((line) => line.kind === 'model').length).toBeGreaterThan(0)
      expect(jobs.code, jobs.stderr).toBe(0)
      expect(jobs.stderr).toMatch(/No data folder at .*not-made: nothing is kept/)
      for (const command of [
        ['batch', 'list'],
        ['deliveries', 'list'],
        ['profiles', 'list'],
      ])
        expect((await runCli(missing, command, { env: { TMPDIR: scratch } })).code).toBe(0)
      // Nor does a lookup that finds nothing there.
      for (const command of [
        ['batch', 'resume', 'abc'],
        ['deliveries', 'resend', '3', '--to', service.url],
      ])
        expect((await runCli(missing, command, { env: { TMPDIR: scratch } })).code).toBe(2)
      expect(existsSync(missing)).toBe(false)
      expect(readdirSync(scratch)).toEqual([])
      // A command that keeps something makes the folder.
      const kept = await runCli(missing, ['profiles', 'use', 'Sandbox'], { env: { TMPDIR: scratch } })
      expect(kept.code, kept.stderr).toBe(0)
      expect(existsSync(join(missing, 'history.db'))).toBe(true)
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  })
})
