// The built-in sandbox in a thread of its own: its simulated models, timers and HTTP server never run on the
// loop that routes the window's requests and answers the webhook receiver.
import { workerData } from 'node:worker_threads'
import { type Sandbox, type StartOptions, startSandbox } from '#sandbox/server'
import { serveCalls } from '../workers/calls.ts'
import { lowerThisThread } from '../workers/low-priority.ts'

// It stands in for a service on another machine: its work must not take a core from the app's own threads.
lowerThisThread()

let sandbox: Sandbox | null = null

const calls = {
  async start(): Promise<string> {
    sandbox ??= await startSandbox(workerData as StartOptions)
    return sandbox.url
  },
}
export type SandboxCalls = typeof calls

serveCalls(calls, async () => {
  await sandbox?.close()
  sandbox = null
})
