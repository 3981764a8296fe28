// `npm run harness`: the app in any browser, against the real core. Loopback only; the URL carries a token.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { reportBlocksWhenAsked } from '#core/workers/report-blocks'
import { startHarness } from './server.ts'

const { values } = parseArgs({
  options: {
    'user-data': { type: 'string' },
    port: { type: 'string', default: '0' },
    profile: { type: 'string', default: 'sandbox' },
    'sandbox-time-scale': { type: 'string', default: '1' },
    'sandbox-synthetic-models': { type: 'string', default: '0' },
    'report-blocks': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

if (values.help) {
  console.log(
    'Usage: npm run harness -- [--user-data DIR] [--port N] [--profile sandbox] [--sandbox-time-scale F] [--sandbox-synthetic-models N] [--report-blocks]',
  )
  process.exit(0)
}

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535, not "${values.port}"`)
  process.exit(2)
}

if (values.profile !== 'sandbox') {
  console.error(`Unknown profile "${values.profile}": the harness starts with the built-in sandbox profile.`)
  process.exit(2)
}

try {
  const userData = values['user-data'] ?? (await mkdtemp(join(tmpdir(), 'gateway-desk-')))
  const sandboxTimeScale = Number(values['sandbox-time-scale'])
  if (!(sandboxTimeScale > 0))
    throw new Error(`--sandbox-time-scale must be a positive number, not "${values['sandbox-time-scale']}"`)
  const sandboxSyntheticModels = Number(values['sandbox-synthetic-models'])
  if (!Number.isInteger(sandboxSyntheticModels) || sandboxSyntheticModels < 0)
    throw new Error(
      `--sandbox-synthetic-models must be a whole number, not "${values['sandbox-synthetic-models']}"`,
    )
  // The data worker reports its own holds (it reads the variable when it starts).
  if (values['report-blocks']) process.env.GATEWAY_DESK_REPORT_BLOCKS = '1'
  const harness = await startHarness({ userData, port, sandboxTimeScale, sandboxSyntheticModels })
  console.log(`harness listening on ${harness.url}`)
  if (values['report-blocks']) reportBlocksWhenAsked('event loop')
  const stop = () =>
    void harness.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`the harness stopped, but did not close cleanly: ${(error as Error).message}`)
        process.exit(1)
      },
    )
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
