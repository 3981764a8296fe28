// Receiver figures: verified-and-committed deliveries/s and p99 at 16 concurrent HTTPS connections, beside a
// minimal receiver written the usual way (plain http, JSON.parse, HMAC, no durable write), in the same run;
// and the receiving process's event-loop delay p99 during the storm.
import { spawn } from 'node:child_process'
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createCore } from '#core/compose'
import { pendingVideoJob } from '#core/history/video-jobs'
import { createNodePlatform } from '#core/node-platform'
import { unwrap } from '#shared/ipc/unwrap'

const deliveries = 20_000
const connections = '16'
const secret = 'whsec-bench-secret'

interface LoadResult {
  count: number
  failures: number
  seconds: number
  perSecond: number
  p50: number
  p99: number
}

function runLoad(url: string, idsFile: string): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, 'webhook-load.ts'), url, secret, idsFile, connections],
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
await core.handlers['preferences.update']({ downloadVideosOnCompletion: false })
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
const ids = Array.from({ length: deliveries }, () => randomUUID())
core.history.transaction(() => {
  for (const id of ids) {
    core.history.videoJobs.insert(
      pendingVideoJob({ id, profileId: profile.id, model: 'orbit/motion-2', prompt: 'bench' }),
    )
  }
})
const idsFile = join(userData, 'ids.json')
await writeFile(idsFile, JSON.stringify(ids))
const receiverUrl = `https://127.0.0.1:${core.videos.webhooks.receiver.port()}${core.videos.webhooks.receiver.path}`

const delay = monitorEventLoopDelay({ resolution: 5 })
delay.enable()
const full = await runLoad(receiverUrl, idsFile)
delay.disable()
await core.close()

// The usual way: parse, check the HMAC, answer; nothing is stored.
const key = Buffer.from(secret)
const minimal = createServer((req, res) => {
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
})
await new Promise<void>((resolve) => minimal.listen(0, '127.0.0.1', resolve))
const plain = await runLoad(`http://127.0.0.1:${(minimal.address() as AddressInfo).port}/hook`, idsFile)
minimal.close()

const line = (name: string, r: LoadResult) =>
  `  ${name.padEnd(44)} ${r.perSecond.toFixed(0).padStart(6)} deliveries/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${r.failures} non-200)`
console.log(`webhook receiver, ${deliveries} deliveries, ${connections} concurrent connections, loopback`)
console.log(line('app receiver (HTTPS, verify, commit, 2xx)', full))
console.log(line('minimal receiver (http, JSON.parse, HMAC)', plain))
console.log(`  ratio        ${(full.perSecond / plain.perSecond).toFixed(2)} of the minimal receiver's rate`)
console.log(
  `  event-loop delay in the receiving process during the storm: p50 ${(delay.percentile(50) / 1e6).toFixed(2)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(2)} ms, max ${(delay.max / 1e6).toFixed(2)} ms`,
)
process.exit(0)
