// The sandbox as a person runs it (`npm run sandbox`): its own process, reached over HTTP only. The suite
// starts it once per file, reads the address from the one line it prints, and stops it with SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll } from 'vitest'

export const keys = { demo: 'sk-conformance-one', other: 'sk-conformance-two' }
const cli = join(import.meta.dirname, '..', 'src', 'sandbox', 'cli.ts')

async function start(extra: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [cli, '--port', '0', '--keys', `${keys.demo},${keys.other}`, '--time-scale', '0.001', ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let errors = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString()
  })
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the sandbox exited (${code}) before listening: ${errors}`)
  })
  const listening = (async () => {
    for await (const line of lines) {
      const match = /^sandbox listening on (http:\/\/\S+)$/.exec(line)
      if (match?.[1]) return match[1]
    }
    throw new Error(`the sandbox closed its output before listening: ${errors}`)
  })()
  const url = await Promise.race([listening, exited])
  return { child, url }
}

/** One standalone sandbox for the test file; `url('/v1/models')` addresses it. */
export function standaloneSandbox(extra: string[] = []): {
  url: (path: string) => string
  readonly base: string
} {
  let running: { child: ChildProcess; url: string } | undefined
  beforeAll(async () => {
    running = await start(extra)
  }, 30_000)
  afterAll(async () => {
    const child = running?.child
    if (!child || child.exitCode !== null) return
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    await exited
  })
  return {
    url: (path) => `${running?.url}${path}`,
    get base() {
      if (!running) throw new Error('sandbox not started')
      return running.url
    },
  }
}
