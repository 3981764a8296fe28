// Everything the sandbox remembers: API keys with their balance, polling limit and webhook secret, and the
// faults a test has switched on.

import { createSecretKey, type KeyObject } from 'node:crypto'
import { join } from 'node:path'
import { type Amount, amountFromInteger, parseAmount } from '#shared/domain/money'

export interface PollLimit {
  requests: number
  windowSeconds: number
}

export interface KeyState {
  key: string
  credits: Amount
  pollLimit: PollLimit
  webhookSecret: string
  webhookKey: KeyObject
  /** Times (ms) of recent status reads, for the sliding polling window. */
  polls: number[]
  /** Requests made with this key, of every kind (which account paid for what). */
  requests: number
}

export interface Faults {
  upstreamError: number
  latencyMs: number
  dropWebhooks: number
  /** New video jobs stay pending until a test moves them on (`/__sandbox/videos/{id}/outcome`). */
  holdVideos: boolean
  /** The next this many message streams break their connection after their first text delta. */
  cutStreams: number
}

export interface SandboxOptions {
  keys: string[]
  webhookSecret: string
  /** Multiplies simulated job durations and webhook retry delays. */
  timeScale: number
  credits: number
  /** Webhooks and fetched images may go to private and loopback addresses (a sandbox on this computer). */
  allowPrivateAddresses: boolean
  pollLimit: PollLimit
  /** The file every video result serves. The app passes the copy it ships; from source, the repository's. */
  sampleVideo: string
}

export const defaultOptions: SandboxOptions = {
  keys: ['sk-sandbox-demo'],
  webhookSecret: 'whsec-sandbox-demo',
  timeScale: 1,
  credits: 100,
  allowPrivateAddresses: false,
  pollLimit: { requests: 120, windowSeconds: 60 },
  sampleVideo: join(import.meta.dirname, '..', '..', 'resources', 'sample-video.mp4'),
}

export function createKeyState(key: string, options: SandboxOptions): KeyState {
  return {
    key,
    credits: amountFromInteger(options.credits),
    pollLimit: { ...options.pollLimit },
    webhookSecret: options.webhookSecret,
    webhookKey: createSecretKey(Buffer.from(options.webhookSecret, 'utf8')),
    polls: [],
    requests: 0,
  }
}

export class SandboxState {
  readonly keys = new Map<string, KeyState>()
  faults: Faults = { upstreamError: 0, latencyMs: 0, dropWebhooks: 0, holdVideos: false, cutStreams: 0 }

  readonly options: SandboxOptions

  constructor(options: SandboxOptions) {
    this.options = options
    for (const key of options.keys) this.keys.set(key, createKeyState(key, options))
  }

  updateKey(
    key: string,
    change: { credits?: number | string; pollLimit?: PollLimit; webhookSecret?: string },
  ): KeyState {
    const state = this.keys.get(key) ?? createKeyState(key, this.options)
    if (change.credits !== undefined) state.credits = parseAmount(String(change.credits))
    if (change.pollLimit) state.pollLimit = { ...change.pollLimit }
    if (change.webhookSecret !== undefined) {
      state.webhookSecret = change.webhookSecret
      state.webhookKey = createSecretKey(Buffer.from(change.webhookSecret, 'utf8'))
    }
    this.keys.set(key, state)
    return state
  }

  /** Records a status read; returns seconds to wait when the key is over its polling limit. */
  takePoll(state: KeyState, now: number): number | null {
    const windowMs = state.pollLimit.windowSeconds * 1000
    state.polls = state.polls.filter((time) => now - time < windowMs)
    if (state.polls.length >= state.pollLimit.requests) {
      const oldest = state.polls[0] ?? now
      return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000))
    }
    state.polls.push(now)
    return null
  }
}
