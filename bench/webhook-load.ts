// Load generator for the receiver benchmark, in its own process: sends one signed completion event per job id
// over `connections` keep-alive connections and prints the figures as JSON.
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Agent as HttpAgent, request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { percentile } from './measure.ts'

const [url, secret, idsFile, connections] = process.argv.slice(2) as [string, string, string, string]
const ids = JSON.parse(readFileSync(idsFile, 'utf8')) as string[]
const target = new URL(url)
const secure = target.protocol === 'https:'
const agent = secure
  ? new HttpsAgent({ keepAlive: true, maxSockets: Number(connections) })
  : new HttpAgent({ keepAlive: true, maxSockets: Number(connections) })
const request = secure ? httpsRequest : httpRequest

function send(id: string): Promise<number> {
  const task = {
    id,
    status: 'completed',
    model: 'orbit/motion-2',
    prompt: 'bench',
    unsigned_urls: ['https://example.invalid/v.mp4'],
    mirror_urls: [],
    usage: { video_seconds: 5, video_cost: '0.25' },
    created_at: 1,
    updated_at: 2,
  }
  const body = JSON.stringify({ event: 'video.generation.completed', id, created_at: 3, data: task })
  const signature = createHmac('sha256', secret).update(body).digest('base64url')
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent,
        rejectUnauthorized: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-svc-signature': signature,
          'x-svc-idempotency-key': `${id}-completed`,
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

let next = 0
const latencies: number[] = []
let failures = 0
const started = performance.now()
await Promise.all(
  Array.from({ length: Number(connections) }, async () => {
    while (next < ids.length) {
      const id = ids[next++]!
      const t0 = performance.now()
      const status = await send(id)
      latencies.push(performance.now() - t0)
      if (status !== 200) failures++
    }
  }),
)
const seconds = (performance.now() - started) / 1000
console.log(
  JSON.stringify({
    count: latencies.length,
    failures,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  }),
)
agent.destroy()
