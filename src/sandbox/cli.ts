// `npm run sandbox`: the emulator on its own, for curl, SDKs and manual testing.
import { parseArgs } from 'node:util'
import { startSandbox } from './server.ts'
import { defaultOptions } from './state.ts'

const usage = `Usage: npm run sandbox -- [--port N] [--host H] [--keys k1,k2] [--webhook-secret S]
                        [--time-scale F] [--credits N] [--allow-private-addresses]
                        [--synthetic-models N]`

function fail(message: string): never {
  console.error(`${message}\n${usage}`)
  process.exit(2)
}

let parsed: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      keys: { type: 'string', default: defaultOptions.keys.join(',') },
      'webhook-secret': { type: 'string', default: defaultOptions.webhookSecret },
      'time-scale': { type: 'string', default: String(defaultOptions.timeScale) },
      credits: { type: 'string', default: String(defaultOptions.credits) },
      'allow-private-addresses': { type: 'boolean', default: false },
      'synthetic-models': { type: 'string', default: '0' },
      help: { type: 'boolean', default: false },
    },
  })
}
try {
  parsed = parse()
} catch (error) {
  fail((error as Error).message)
}
const { values } = parsed
if (values.help) {
  console.log(usage)
  process.exit(0)
}

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`--port must be a whole number from 0 to 65535, not "${values.port}"`)
const timeScale = Number(values['time-scale'])
if (!(timeScale > 0)) fail(`--time-scale must be a positive number, not "${values['time-scale']}"`)
const credits = Number(values.credits)
if (!(credits >= 0)) fail(`--credits must be zero or more, not "${values.credits}"`)
const synthetic = Number(values['synthetic-models'])
if (!Number.isInteger(synthetic) || synthetic < 0)
  fail(`--synthetic-models must be a whole number, not "${values['synthetic-models']}"`)
const keys = values.keys
  .split(',')
  .map((key) => key.trim())
  .filter(Boolean)
if (keys.length === 0) fail('--keys needs at least one key')

try {
  const sandbox = await startSandbox({
    port,
    host: values.host,
    keys,
    webhookSecret: values['webhook-secret'],
    timeScale,
    credits,
    allowPrivateAddresses: values['allow-private-addresses'],
    syntheticModels: synthetic,
  })
  console.log(`sandbox listening on ${sandbox.url}`)
  console.error(`API key: ${keys[0]}  (webhook secret: ${values['webhook-secret']})`)
  const stop = () => void sandbox.close().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error(`The sandbox could not start: ${(error as Error).message}`)
  process.exit(1)
}
