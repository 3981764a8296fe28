// Main-process core figures: history store insert rate and "latest 100 jobs with a status filter" at
// 100,000 jobs; gateway overhead per call against raw fetch on the same sandbox endpoint.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createGateway } from '#core/gateway/gateway'
import { createTransport } from '#core/gateway/transport'
import { openHistory } from '#core/history/history'
import type { VideoJobRow } from '#core/history/video-jobs'
import { videoStatuses } from '#shared/api/videos'
import { ms, percentile, startSandboxProcess } from './measure.ts'

async function historyStore(total: number): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gd-bench-history-'))
  const history = openHistory(dir)
  const batch = 1000
  const started = performance.now()
  for (let offset = 0; offset < total; offset += batch) {
    history.transaction(() => {
      for (let i = offset; i < offset + batch; i++) {
        const row: VideoJobRow = {
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          profileId: 'sandbox',
          model: i % 2 ? 'orbit/motion-2' : 'lumen/clip-1',
          prompt: `a short film about item ${i}`,
          mode: 'text2video',
          status: videoStatuses[i % videoStatuses.length]!,
          requestJson: '{"model":"orbit/motion-2","prompt":"p"}',
          taskJson: null,
          videoSeconds: null,
          videoCost: null,
          mediaId: null,
          createdAt: 1_700_000_000_000 + i * 1000,
          updatedAt: 1_700_000_000_000 + i * 1000,
        }
        history.videoJobs.insert(row)
      }
    })
  }
  const insertSeconds = (performance.now() - started) / 1000
  const samples: number[] = []
  for (let run = 0; run < 2000; run++) {
    const t0 = performance.now()
    history.videoJobs.latest({ status: videoStatuses[run % videoStatuses.length]!, limit: 100 })
    samples.push(performance.now() - t0)
  }
  history.close()
  await rm(dir, { recursive: true, force: true })
  console.log(`history store, ${total} video jobs in transactions of ${batch} (synchronous=FULL, WAL)`)
  console.log(`  insert rate  ${(total / insertSeconds).toFixed(0)} rows/s`)
  console.log(
    `  latest 100 with a status filter  p50 ${ms(percentile(samples, 50))}, p99 ${ms(percentile(samples, 99))}`,
  )
}

async function gatewayOverhead(calls: number): Promise<void> {
  const key = 'sk-bench'
  const sandbox = await startSandboxProcess(['--keys', key])
  const url = `${sandbox.url}/v1/models/aurora/flash-2`
  const gateway = createGateway(
    createTransport({ connection: async () => ({ baseUrl: sandbox.url, apiKey: key }) }),
  )
  const raw = async () => {
    const response = await fetch(url)
    await response.json()
  }
  const viaGateway = () => gateway.listings.unified.model('aurora/flash-2')
  const time = async (work: () => Promise<unknown>) => {
    const samples: number[] = []
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now()
      await work()
      samples.push(performance.now() - t0)
    }
    return samples
  }
  // Interleave warm-up and rounds so both see the same state of the sandbox and the machine.
  await time(raw)
  await time(viaGateway)
  const rawSamples = [...(await time(raw)), ...(await time(raw))]
  const gatewaySamples = [...(await time(viaGateway)), ...(await time(viaGateway))]
  sandbox.stop()
  const mean = (samples: number[]) => samples.reduce((a, b) => a + b, 0) / samples.length
  console.log(
    `gateway overhead, GET /v1/models/{provider}/{model}, ${rawSamples.length} sequential calls each`,
  )
  console.log(`  raw fetch   mean ${ms(mean(rawSamples))}, p99 ${ms(percentile(rawSamples, 99))}`)
  console.log(`  gateway     mean ${ms(mean(gatewaySamples))}, p99 ${ms(percentile(gatewaySamples, 99))}`)
  console.log(
    `  ratio       ${(mean(gatewaySamples) / mean(rawSamples)).toFixed(2)}× (gateway adds ${ms(mean(gatewaySamples) - mean(rawSamples))} per call)`,
  )
}

await historyStore(100_000)
await gatewayOverhead(1000)
