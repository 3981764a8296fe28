// The built-in Sandbox profile's service: the emulator, started on a free loopback port the first time it is
// needed, with private callbacks allowed so webhooks reach the app's own loopback receiver.
import { randomBytes } from 'node:crypto'
import { type Sandbox, startSandbox } from '#sandbox/server'

export interface EmbeddedSandbox {
  /** Starts it if needed; the address and the key the app uses with it. */
  ensure(): Promise<{ url: string; apiKey: string; webhookSecret: string }>
  /** The address, or null while it has not started. */
  url(): string | null
  stop(): Promise<void>
}

export function createEmbeddedSandbox(options: {
  timeScale?: number
  /** The sample video the app ships, which every video result serves. */
  sampleVideo: string
  credits?: number
  syntheticModels?: number
  onStarted?: (url: string) => void
}): EmbeddedSandbox {
  const apiKey = `sk-sandbox-${randomBytes(12).toString('hex')}`
  const webhookSecret = `whsec-${randomBytes(18).toString('base64url')}`
  let starting: Promise<Sandbox> | null = null
  let running: Sandbox | null = null
  return {
    async ensure() {
      starting ??= startSandbox({
        keys: [apiKey],
        webhookSecret,
        allowPrivateAddresses: true,
        timeScale: options.timeScale ?? 1,
        sampleVideo: options.sampleVideo,
        ...(options.credits !== undefined ? { credits: options.credits } : {}),
        ...(options.syntheticModels ? { syntheticModels: options.syntheticModels } : {}),
      }).then((sandbox) => {
        running = sandbox
        options.onStarted?.(sandbox.url)
        return sandbox
      })
      const sandbox = await starting
      return { url: sandbox.url, apiKey, webhookSecret }
    },
    url: () => running?.url ?? null,
    async stop() {
      const sandbox = await starting
      starting = null
      running = null
      await sandbox?.close()
    },
  }
}
