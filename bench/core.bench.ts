// Main-process core figures: the gateway's overhead per call against a bare fetch of the same sandbox endpoint.
// (The history's figures are in history.bench.ts.)
import { createGateway } from '#core/gateway/gateway'
import { createTransport } from '#core/gateway/transport'
import { report } from './figures.ts'
import { startSandboxProcess } from './measure.ts'

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
  report({
    name: `the app's gateway against a bare fetch, same call (${rawSamples.length} calls each)`,
    value: mean(gatewaySamples) / mean(rawSamples),
    unit: '×',
    detail: `mean ${mean(gatewaySamples).toFixed(2)} vs ${mean(rawSamples).toFixed(2)} ms: ${(mean(gatewaySamples) - mean(rawSamples)).toFixed(2)} ms added per call`,
  })
}

await gatewayOverhead(1000)
