// gateway-desk against the built-in sandbox, as a script runs it: each command's output (--json shapes), its exit
// codes, listen forwarding real signed deliveries to a plain Node server, trigger and resend byte for byte.

import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testTask, webhookBody } from '#shared/domain/webhook-events'
import { postWebhook, sign, until } from '../main/testing/core.ts'
import { jsonLines, runCli, startCli } from './testing/run-cli.ts'

let dataDir = ''
let server: Server
let serverUrl = ''
const received: { headers: IncomingMessage['headers']; body: Buffer }[] = []

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gd-cli-'))
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) })
      res.end('thanks')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
})
/** A second person's server: what it received, and its address. */
async function listeningServer() {
  const bodies: Buffer[] = []
  const other = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks))
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(other.address() as AddressInfo).port}/other`,
    received: bodies,
    close: () => new Promise<void>((resolve) => other.close(() => resolve())),
  }
}

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  rmSync(dataDir, { recursive: true, force: true })
})

describe('usage', () => {
  it('answers --help for every command, and exits 2 on what it cannot read', async () => {
    for (const command of [
      [],
      ['listen'],
      ['trigger'],
      ['deliveries', 'resend'],
      ['batch', 'run'],
      ['models', 'list'],
      ['jobs', 'create'],
      ['profiles', 'add'],
    ]) {
      const help = await runCli(dataDir, [...command, '--help'])
      expect(help.code).toBe(0)
      expect(help.stdout).toMatch(/^Usage: gateway-desk/)
      // The options that go before a command are in its help too.
      if (command.length > 0) expect(help.stdout).toMatch(/Global Options:[\s\S]*--data-dir[\s\S]*--json/)
    }
    for (const command of [['listen'], ['batch', 'run'], ['profiles', 'add']])
      expect((await runCli(dataDir, [...command, '--help'])).stdout).toMatch(
        /Examples:\n {2}(gateway-desk|GATEWAY_|printf)/,
      )
    expect((await runCli(dataDir, ['models', 'lst'])).code).toBe(2)
    expect((await runCli(dataDir, ['listen'])).stderr).toContain("required option '--forward-to <url>'")
    const badAddress = await runCli(dataDir, ['listen', '--forward-to', 'localhost:3000'])
    expect(badAddress).toMatchObject({ code: 2, stderr: expect.stringContaining('Enter a full address') })
    const noProfile = await runCli(dataDir, ['--profile', 'Staging', 'jobs', 'list'])
    expect(noProfile).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('There is no profile called “Staging”'),
    })
    expect((await runCli(dataDir, ['trigger', 'video.finished', '--forward-to', serverUrl])).code).toBe(2)
    // An id the history does not know is input refused (2), not a failure of the run (1).
    const unknownDelivery = await runCli(dataDir, ['deliveries', 'resend', '999999', '--to', serverUrl])
    expect(unknownDelivery.code, unknownDelivery.stderr).toBe(2)
    // With nowhere to send to, the command names its own option first.
    const fresh = mkdtempSync(join(tmpdir(), 'gd-cli-fresh-'))
    try {
      const nowhere = await runCli(fresh, ['trigger', 'video.generation.completed'])
      expect(nowhere).toMatchObject({ code: 2, stderr: expect.stringContaining('give --forward-to URL') })
    } finally {
      rmSync(fresh, { recursive: true, force: true })
      rmSync(`${fresh}.keychain`, { force: true })
    }
  })
})

describe('completion', () => {
  it('completes commands and options in bash from what the program declares, and writes zsh and fish scripts', async () => {
    const script = join(dataDir, 'completion.bash')
    writeFileSync(script, (await runCli(dataDir, ['completion', 'bash'])).stdout)
    const complete = (...words: string[]) =>
      execFileSync(
        'bash',
        [
          '-c',
          `source "$0"; COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _gateway_desk; echo "\${COMPREPLY[*]}"`,
          script,
        ],
        { encoding: 'utf8' },
      ).trim()
    expect(complete('gateway-desk', 'batch', 'r')).toBe('run resume')
    // A global option's value is not taken for a command.
    expect(complete('gateway-desk', '--data-dir', '/tmp/x', 'batch', 'run', '--re')).toBe(
      '--retries --report',
    )
    expect(complete('gateway-desk', 'pro')).toBe('profiles')
    for (const shell of ['zsh', 'fish'])
      expect((await runCli(dataDir, ['completion', shell])).stdout).toContain('batch')
    expect((await runCli(dataDir, ['completion', 'tcsh'])).code).toBe(2)
  })
})

describe('models', () => {
  it('lists the catalog as a table, CSV or JSON, sorted by price, and says what changed', async () => {
    const json = await runCli(dataDir, ['models', 'list', '--format', 'json', '--sort', 'price'])
    expect(json.code).toBe(0)
    // One object a line, each saying what it is.
    const models = jsonLines(json.stdout) as { kind: string; id: string; prices: { prompt: string | null } }[]
    expect(models.length).toBeGreaterThan(3)
    expect(models.every((model) => model.kind === 'model')).toBe(true)
    const prices = models.map((model) => Number(model.prices.prompt)).filter((price) => price > 0)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const csv = await runCli(dataDir, ['models', 'list', '--provider', 'aurora', '--format', 'csv'])
    const [header, ...rows] = csv.stdout.trim().split('\r\n')
    expect(header).toBe('id,provider,name,context,prompt_usd_per_1m,completion_usd_per_1m')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row.split(',')[1] === 'aurora')).toBe(true)
    const table = await runCli(dataDir, ['models', 'list', '--limit', '2'])
    expect(table.stdout.trim().split('\n')).toHaveLength(3)
    const diff = await runCli(dataDir, ['--json', 'models', 'diff'])
    expect(diff.code).toBe(0)
    expect(jsonLines(diff.stdout)[0]).toMatchObject({
      kind: 'catalog-changes',
      added: [],
      removed: [],
      priceChanges: [],
    })
    // An error is a line of its own kind, with the exit code it ends with.
    const unknown = await runCli(dataDir, ['--json', 'batch', 'resume', 'no-such-batch'])
    expect(unknown.code).toBe(2)
    expect(jsonLines(unknown.stdout)).toEqual([
      { kind: 'error', code: 'usage', message: expect.stringContaining('No batch no-such-batch'), exit: 2 },
    ])
  })
})

describe('jobs', () => {
  it('creates a job and follows it to the end; lists and watches the history', async () => {
    const created = await runCli(dataDir, [
      '--json',
      'jobs',
      'create',
      '--model',
      'orbit/motion-2',
      '--prompt',
      'a kite',
      '--duration',
      '3',
    ])
    expect(created.code).toBe(0)
    const [job] = jsonLines(created.stdout)
    expect(job).toMatchObject({ status: 'completed', prompt: 'a kite', videoSeconds: 3 })
    const listed = jsonLines(
      (await runCli(dataDir, ['--json', 'jobs', 'list', '--status', 'completed'])).stdout,
    )
    expect(listed.map((one) => one.id)).toContain(job!.id)
    const watched = await runCli(dataDir, ['jobs', 'watch'])
    expect(watched).toMatchObject({ code: 0, stdout: 'No job is running.\n' })
    const refused = await runCli(dataDir, [
      'jobs',
      'create',
      '--model',
      'orbit/motion-2',
      '--prompt',
      'x',
      '--duration',
      '-1',
    ])
    expect(refused.code).toBe(2)
  })
})

describe('webhooks', () => {
  it('listens, passes each verified delivery on to the person’s server, and prints one line for each', async () => {
    const [job] = jsonLines((await runCli(dataDir, ['--json', 'jobs', 'list', '--limit', '1'])).stdout)
    const listening = startCli(dataDir, ['--json', 'listen', '--forward-to', serverUrl, '--port', '0'])
    const ready = await until(() => listening.lines[0], 20_000)
    const { receiving } = JSON.parse(ready) as { receiving: string }
    const secret = readFileSync(join(dataDir, 'sandbox-webhook-secret'), 'utf8').trim()
    const task = testTask(
      'completed',
      { id: String(job!.id), model: 'orbit/motion-2', prompt: 'a kite', createdAt: Date.now() },
      Date.now(),
      randomUUID,
    )
    const body = webhookBody(task, Date.now())
    const headers = { 'x-svc-signature': sign(secret, body), 'x-svc-idempotency-key': `${task.id}-completed` }
    expect((await postWebhook(receiving, body, headers)).status).toBe(200)
    expect((await postWebhook(receiving, body, { 'x-svc-signature': 'forged' })).status).toBe(401)
    await until(() => listening.lines.length >= 3, 20_000)
    listening.child.kill('SIGINT')
    const ended = await listening.exited
    expect(ended.code).toBe(0)
    const [verified, refused] = listening.lines.slice(1).map((line) => JSON.parse(line))
    expect(verified).toMatchObject({
      event: 'video.generation.completed',
      jobId: job!.id,
      verified: true,
      answered: 200,
      forwarded: { status: 200, error: null },
    })
    expect(refused).toMatchObject({ verified: false, answered: 401, forwarded: null })
    const forwarded = received.at(-1)!
    expect(forwarded.body.toString('utf8')).toBe(body)
    expect(forwarded.headers['x-svc-signature']).toBe(headers['x-svc-signature'])

    // The stored delivery, sent again from another run: the same bytes.
    const stored = jsonLines((await runCli(dataDir, ['--json', 'deliveries', 'list', '--limit', '5'])).stdout)
    const delivery = stored.find((one) => one.verified && one.jobId === job!.id)
    const before = received.length
    const resent = await runCli(dataDir, [
      '--json',
      'deliveries',
      'resend',
      String(delivery!.id),
      '--to',
      serverUrl,
    ])
    expect(resent.code).toBe(0)
    expect(jsonLines(resent.stdout)[0]).toMatchObject({
      kind: 'forward',
      send: 'resend',
      status: 200,
      answer: 'thanks',
    })
    expect(received[before]!.body.toString('utf8')).toBe(body)
    // Every send of it, oldest first, where the list says the latest only.
    const shown = await runCli(dataDir, ['--json', 'deliveries', 'show', String(delivery!.id)])
    expect(shown.code, shown.stderr).toBe(0)
    expect((jsonLines(shown.stdout)[0]!.sends as { kind: string }[]).map((send) => send.kind)).toEqual([
      'forward',
      'resend',
    ])
    const missing = await runCli(dataDir, ['deliveries', 'show', '999999'])
    expect(missing.code).toBe(2)
  })

  it('exposes the receiver through a tunnel; a second listen attaches; a taken port exits 1', async () => {
    const first = startCli(dataDir, [
      '--json',
      'listen',
      '--forward-to',
      serverUrl,
      '--port',
      '0',
      '--tunnel',
      'loopback',
    ])
    const { receiving, publicUrl } = JSON.parse(await until(() => first.lines[0], 20_000)) as {
      receiving: string
      publicUrl: string
    }
    expect(publicUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    // A second listen in another shell attaches to the first, which owns the folder and receives for both:
    // each verified delivery reaches both servers.
    const other = await listeningServer()
    const second = startCli(dataDir, ['--json', 'listen', '--forward-to', other.url, '--port', '1'])
    await until(() => second.lines[0], 20_000)
    expect(second.stderr()).toMatch(/receives on port \d+: --port is not used/)
    const [job] = jsonLines((await runCli(dataDir, ['--json', 'jobs', 'list', '--limit', '1'])).stdout)
    const secret = readFileSync(join(dataDir, 'sandbox-webhook-secret'), 'utf8').trim()
    const task = testTask(
      'failed',
      { id: String(job!.id), model: 'orbit/motion-2', prompt: 'a kite', createdAt: Date.now() },
      Date.now(),
      randomUUID,
    )
    const body = webhookBody(task, Date.now())
    const headers = { 'x-svc-signature': sign(secret, body), 'x-svc-idempotency-key': `${task.id}-failed` }
    const before = received.length
    expect((await postWebhook(receiving, body, headers)).status).toBe(200)
    await until(() => second.lines.length >= 2 && received.length > before, 20_000)
    expect(JSON.parse(second.lines[1]!)).toMatchObject({ verified: true, forwarded: { status: 200 } })
    expect(other.received.at(-1)?.toString('utf8')).toBe(body)
    second.child.kill('SIGINT')
    expect((await second.exited).code).toBe(0)
    first.child.kill('SIGINT')
    expect((await first.exited).code).toBe(0)
    await other.close()

    // A port another program holds: the receiver cannot start, and the command says so.
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const port = String((taken.address() as AddressInfo).port)
    const refused = await runCli(dataDir, ['listen', '--forward-to', serverUrl, '--port', port])
    await new Promise<void>((resolve) => taken.close(() => resolve()))
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('Pass --port to listen on another port')
  })

  it('listens on the port the folder keeps: the same from one start to the next', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'gd-cli-port-'))
    try {
      const ports: string[] = []
      for (let start = 0; start < 2; start++) {
        const listening = startCli(fresh, ['--json', 'listen', '--forward-to', serverUrl])
        const ready = JSON.parse(await until(() => listening.lines[0], 20_000)) as { receiving: string }
        ports.push(new URL(ready.receiving).port)
        listening.child.kill('SIGINT')
        expect((await listening.exited).code).toBe(0)
      }
      expect(ports[0]).not.toBe('')
      expect(ports[1]).toBe(ports[0])
    } finally {
      rmSync(fresh, { recursive: true, force: true })
      rmSync(`${fresh}.keychain`, { force: true })
    }
  })

  it('triggers a test delivery of each event, signed with the sandbox’s secret; a server that is down exits 1', async () => {
    const secret = readFileSync(join(dataDir, 'sandbox-webhook-secret'), 'utf8').trim()
    for (const event of ['video.generation.completed', 'failed']) {
      const sent = await runCli(dataDir, ['--json', 'trigger', event, '--forward-to', serverUrl])
      expect(sent.code).toBe(0)
      expect(jsonLines(sent.stdout)[0]).toMatchObject({
        kind: 'forward',
        send: 'test',
        status: 200,
        event: expect.stringMatching(/^video\.generation\./),
      })
      const last = received.at(-1)!
      expect(last.headers['x-svc-signature']).toBe(sign(secret, last.body.toString('utf8')))
    }
    // A job named by the start of its id, as lists shorten it; a start shared by no job exits 2.
    const made = await runCli(dataDir, [
      '--json',
      'jobs',
      'create',
      '--model',
      'orbit/motion-2',
      '--prompt',
      'a bell',
    ])
    const jobId = String(jsonLines(made.stdout)[0]?.id)
    const byPrefix = await runCli(dataDir, [
      '--json',
      'trigger',
      'completed',
      '--job',
      jobId.slice(0, 8),
      '--forward-to',
      serverUrl,
    ])
    expect(byPrefix.code, byPrefix.stderr).toBe(0)
    expect(jsonLines(byPrefix.stdout)[0]).toMatchObject({ jobId })
    const nobody = await runCli(dataDir, [
      'trigger',
      'completed',
      '--job',
      'zzzzzzzz',
      '--forward-to',
      serverUrl,
    ])
    expect(nobody).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('not in this profile’s history'),
    })
    // Test deliveries are listed beside received ones, and sent again by their t-number.
    const listed = jsonLines((await runCli(dataDir, ['--json', 'deliveries', 'list'])).stdout)
    const test = listed.filter((line) => line.kind === 'test').at(-1)
    expect(test).toMatchObject({ id: expect.stringMatching(/^t\d+$/), jobId, status: 200 })
    const again = await runCli(dataDir, ['deliveries', 'resend', String(test?.id), '--to', serverUrl])
    expect(again.code, again.stderr).toBe(0)
    expect(received.at(-1)?.body.toString('utf8')).toContain(jobId)
    expect((await runCli(dataDir, ['deliveries', 'resend', 'x7'])).code).toBe(2)
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const down = await runCli(dataDir, ['trigger', 'expired', '--forward-to', `http://127.0.0.1:${port}/x`])
    expect(down.code).toBe(1)
    expect(down.stdout).toContain('Nothing is listening at')
  })

  it('exits 3 when a live profile’s service cannot be reached, and writes no key', async () => {
    // A job named by the start of its id, as lists shorten it; a start shared by no job exits 2.
    const made = await runCli(dataDir, [
      '--json',
      'jobs',
      'create',
      '--model',
      'orbit/motion-2',
      '--prompt',
      'a bell',
    ])
    const jobId = String(jsonLines(made.stdout)[0]?.id)
    const byPrefix = await runCli(dataDir, [
      '--json',
      'trigger',
      'completed',
      '--job',
      jobId.slice(0, 8),
      '--forward-to',
      serverUrl,
    ])
    expect(byPrefix.code, byPrefix.stderr).toBe(0)
    expect(jsonLines(byPrefix.stdout)[0]).toMatchObject({ jobId })
    const nobody = await runCli(dataDir, [
      'trigger',
      'completed',
      '--job',
      'zzzzzzzz',
      '--forward-to',
      serverUrl,
    ])
    expect(nobody).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('not in this profile’s history'),
    })
    // Test deliveries are listed beside received ones, and sent again by their t-number.
    const listed = jsonLines((await runCli(dataDir, ['--json', 'deliveries', 'list'])).stdout)
    const test = listed.filter((line) => line.kind === 'test').at(-1)
    expect(test).toMatchObject({ id: expect.stringMatching(/^t\d+$/), jobId, status: 200 })
    const again = await runCli(dataDir, ['deliveries', 'resend', String(test?.id), '--to', serverUrl])
    expect(again.code, again.stderr).toBe(0)
    expect(received.at(-1)?.body.toString('utf8')).toContain(jobId)
    expect((await runCli(dataDir, ['deliveries', 'resend', 'x7'])).code).toBe(2)
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const { startCore } = await import('../main/testing/core.ts')
    const env = await startCore({ userData: dataDir })
    await env.call('profiles.save', { name: 'Offline', baseUrl: `http://127.0.0.1:${port}` })
    const offline = (await env.call('profiles.list', {})).find((one) => one.name === 'Offline')
    await env.call('profiles.setSecret', {
      profileId: offline!.id,
      secret: 'apiKey',
      value: 'sk-kept-in-the-keychain-0000',
    })
    await env.core.close()
    const sealed = readFileSync(join(dataDir, 'secrets.json'), 'utf8')
    const unreachable = await runCli(
      dataDir,
      ['--profile', 'offline', 'jobs', 'create', '--model', 'm', '--prompt', 'p'],
      {
        env: { GATEWAY_API_KEY: 'sk-test-0000000000000000' },
      },
    )
    expect(unreachable.code).toBe(3)
    expect(unreachable.stderr).toMatch(/^Error: /)
    // The key from the environment was held for that command only: the sealed ones are as they were.
    expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).toBe(sealed)
  })
})
