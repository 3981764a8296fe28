// The built-in Sandbox profile's service: the emulator, started in its own thread on a free loopback port the
// first time it is needed, with private callbacks allowed so webhooks reach the app's own loopback receiver.
import { randomBytes } from 'node:crypto'
import type { StartOptions } from '#sandbox/server'
import type { Log } from '../log.ts'
import { startWorker, type WorkerClient } from '../workers/calls.ts'
import type { SandboxCalls } from './sandbox-worker.ts'

export interface EmbeddedSandbox {
  /** Starts it if needed; the address and the key the app uses with it. */
  ensure(): Promise<{ url: string; apiKey: string; webhookSecret: string }>
  /** The address, or null while it has not started. */
  url(): string | null
  stop(): Promise<void>
}

export function createEmbeddedSandbox(options: {
  /** The sandbox worker's module. */
  entry: string
  log: Log
  timeScale?: number
  /** The sample video the app ships, which every video result serves. */
  sampleVideo: string
  credits?: number
  syntheticModels?: number
  onStarted?: (url: string) => void
  /** The secret it signs webhooks with; kept from run to run by the caller, so a person's server keeps it. */
  webhookSecret?: string
}): EmbeddedSandbox {
  const apiKey = `sk-sandbox-${randomBytes(12).toString('hex')}`
  const webhookSecret = options.webhookSecret ?? `whsec-${randomBytes(18).toString('base64url')}`
  const settings: StartOptions = {
    keys: [apiKey],
    webhookSecret,
    allowPrivateAddresses: true,
    timeScale: options.timeScale ?? 1,
    sampleVideo: options.sampleVideo,
    ...(options.credits !== undefined ? { credits: options.credits } : {}),
    ...(options.syntheticModels ? { syntheticModels: options.syntheticModels } : {}),
  }
  let worker: WorkerClient<SandboxCalls> | null = null
  let starting: Promise<string> | null = null
  let running: string | null = null
  return {
    async ensure() {
      starting ??= (() => {
        worker = startWorker<SandboxCalls>({ entry: options.entry, data: settings, log: options.log })
        return worker.call('start', []).then((url) => {
          running = url
          options.onStarted?.(url)
          return url
        })
      })()
      // A start that failed is tried again by the next caller, in a new thread.
      starting.catch(() => {
        starting = null
        void worker?.close()
        worker = null
      })
      return { url: await starting, apiKey, webhookSecret }
    },
    url: () => running,
    async stop() {
      const stopping = worker
      starting = null
      running = null
      worker = null
      await stopping?.close()
    },
  }
}
