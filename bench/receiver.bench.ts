// Receiver figures, measured fairly: the app's receiver (HTTPS, verify, deduplicate, durably commit, 2xx) beside a
// minimal receiver in the same run, with the same load generator, the same TLS key type (the app's self-signed
// certificate) and the same HMAC check, that stores nothing — at 1, 16 and 64 concurrent connections; and the
// receiving process's event-loop delay during each storm. Goals: ≥ 0.8× the minimal rate, p99 ≤ 10 ms at 16
// connections, event-loop delay p99 ≤ 10 ms.
import { spawn } from 'node:child_process'
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { DatabaseSync } from 'node:sqlite'
import { createCore } from '#core/compose'
import { pendingVideoJob } from '#core/history/video-jobs'
import { createNodePlatform } from '#core/node-platform'
import { createSelfSignedCertificate } from '#core/webhooks/self-signed'
import { unwrap } from '#shared/ipc/unwrap'
import { heading, report } from './figures.ts'
import { percentile } from './measure.ts'

const deliveries = 10_000
const connectionCounts = [1, 16, 64]
const secret = 'whsec-bench-secret'

interface LoadResult {
  count: number
  failures: number
  seconds: number
  perSecond: number
  p50: number
  p99: number
}

function runLoad(url: string, idsFile: string, connections: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, 'webhook-load.ts'), url, secret, idsFile, String(connections)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk
    })
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load exited ${code}`)),
    )
  })
}

const userData = await mkdtemp(join(tmpdir(), 'gd-bench-receiver-'))
const core = await createCore(createNodePlatform({ userData }))
await core.handlers['preferences.update'](
  { downloadVideosOnCompletion: false },
  { signal: new AbortController().signal },
)
const call = core.dispatcher(() => ['app://x'])
const profile = unwrap(
  (await call(
    'profiles.save',
    { name: 'Bench', baseUrl: 'https://gateway.example.com' },
    { url: 'app://x/', isTopFrame: true },
  )) as never,
) as { id: string }
await call(
  'profiles.setSecret',
  { profileId: profile.id, secret: 'webhookSecret', value: secret },
  { url: 'app://x/', isTopFrame: true },
)
await call('profiles.activate', { id: profile.id }, { url: 'app://x/', isTopFrame: true })
// Each storm delivers its own jobs, so none is a duplicate of an earlier storm's.
const idSets = connectionCounts.map(() => Array.from({ length: deliveries }, () => randomUUID()))
core.history.transaction(() => {
  for (const id of idSets.flat()) {
    core.history.videoJobs.insert(
      pendingVideoJob({ id, profileId: profile.id, model: 'orbit/motion-2', prompt: 'bench' }),
    )
  }
})
const idsFiles = await Promise.all(
  idSets.map(async (ids, index) => {
    const file = join(userData, `ids-${index}.json`)
    await writeFile(file, JSON.stringify(ids))
    return file
  }),
)
const receiverUrl = `https://127.0.0.1:${core.videos.webhooks.receiver.port()}${core.videos.webhooks.receiver.path}`

// The minimal receiver: the same kind of certificate, check the HMAC over the raw bytes, answer; nothing stored.
const key = Buffer.from(secret)
const minimal = createServer(
  await createSelfSignedCertificate({ commonName: 'minimal receiver', days: 1 }),
  (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const expected = createHmac('sha256', key).update(body).digest()
      const given = Buffer.from(String(req.headers['x-svc-signature']), 'base64url')
      const ok = given.length === expected.length && timingSafeEqual(given, expected)
      JSON.parse(body.toString())
      res.writeHead(ok ? 200 : 401).end()
    })
  },
)
await new Promise<void>((resolve) => minimal.listen(0, '127.0.0.1', resolve))
const minimalUrl = `https://127.0.0.1:${(minimal.address() as AddressInfo).port}/hook`

// What one durable commit costs on this disk (WAL, synchronous=FULL, as the history): a delivery answered alone
// waits for one, which bounds the rate at one connection whatever the receiver does.
const scratch = new DatabaseSync(join(userData, 'commit-floor.db'))
scratch.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE t (x)')
const insert = scratch.prepare('INSERT INTO t VALUES (?)')
const commits = Array.from({ length: 500 }, (_, i) => {
  const started = performance.now()
  scratch.exec('BEGIN IMMEDIATE')
  insert.run(i)
  scratch.exec('COMMIT')
  return performance.now() - started
})
scratch.close()
const commitMs = percentile(commits, 50)

heading(`webhook receiver, ${deliveries.toLocaleString('en')} deliveries per storm, loopback HTTPS`)
report({ name: 'one durable commit on this disk (WAL, synchronous=FULL), p50', value: commitMs, unit: 'ms' })
for (const [index, connections] of connectionCounts.entries()) {
  const appDelay = monitorEventLoopDelay({ resolution: 5 })
  appDelay.enable()
  const app = await runLoad(receiverUrl, idsFiles[index] ?? '', connections)
  appDelay.disable()
  const minimalDelay = monitorEventLoopDelay({ resolution: 5 })
  minimalDelay.enable()
  const plain = await runLoad(minimalUrl, idsFiles[index] ?? '', connections)
  minimalDelay.disable()
  const at = `${connections} connection${connections === 1 ? '' : 's'}`
  report({
    name: `receiver rate against the minimal receiver's, ${at}`,
    value: app.perSecond / plain.perSecond,
    unit: '×',
    goal: { atLeast: 0.8 },
    detail: `${app.perSecond.toFixed(0)} vs ${plain.perSecond.toFixed(0)} deliveries/s, every 2xx committed; ${app.failures} non-2xx${
      connections === 1
        ? `; a commit per delivery alone allows at most ${(1000 / (1000 / plain.perSecond + commitMs) / plain.perSecond).toFixed(2)}×`
        : ''
    }`,
  })
  report({
    name: `receiver answer time p99, ${at}`,
    value: app.p99,
    unit: 'ms',
    ...(connections === 16 ? { goal: { atMost: 10 } } : {}),
    detail: `p50 ${app.p50.toFixed(2)} ms; the minimal receiver p99 ${plain.p99.toFixed(2)} ms`,
  })
  report({
    name: `event-loop delay p99 in the receiving process, ${at}`,
    value: appDelay.percentile(99) / 1e6,
    unit: 'ms',
    goal: { atMost: 10 },
    detail: `max ${(appDelay.max / 1e6).toFixed(1)} ms; the minimal receiver under the same storm: p99 ${(minimalDelay.percentile(99) / 1e6).toFixed(1)} ms`,
  })
}
minimal.close()
await core.close()
await rm(userData, { recursive: true, force: true })
await rm(`${userData}.keychain`, { force: true })
process.exit(0)
