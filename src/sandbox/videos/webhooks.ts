// Webhook delivery (document 2 §6): one event per terminal task, signed with the key's webhook secret,
// retried up to 10 times after a non-2xx answer or a timeout, min(5·2^(n−1), 600) s apart plus jitter, all
// scaled by the sandbox's time scale.
import { createHmac, randomInt } from 'node:crypto'
import { request as httpsRequest } from 'node:https'
import { type VideoTask, webhookHeaders } from '#shared/api/videos'
import { idempotencyKeyOf, webhookBody } from '#shared/domain/webhook-events'
import { guardedLookup } from '../../node/guarded-fetch.ts'
import type { KeyState, SandboxState } from '../state.ts'
import { isLoopbackHost } from './callback.ts'

export const maxRetries = 10
export const retryDelaySeconds = (retry: number) => Math.min(5 * 2 ** (retry - 1), 600)

export interface DeliveryAttempt {
  at: number
  attempt: number
  /** HTTP status answered, or null when the request failed or timed out. */
  status: number | null
  error?: string
  /** The wait before the next attempt that this outcome scheduled (jitter included), if any. */
  retryInMs?: number
}

export interface WebhookDelivery {
  url: string
  idempotencyKey: string
  body: string
  attempts: DeliveryAttempt[]
  delivered: boolean
  /** Retries are exhausted and delivery has stopped. */
  abandoned: boolean
}

export function signBody(key: KeyState, body: string): string {
  return createHmac('sha256', key.webhookKey).update(body).digest('base64url')
}

function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  allowPrivate: boolean,
) {
  return new Promise<number>((resolve, reject) => {
    const request = httpsRequest(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        timeout: timeoutMs,
        lookup: guardedLookup(allowPrivate),
        // Self-signed certificates are trusted only for the app's own loopback receiver.
        rejectUnauthorized: !(allowPrivate && isLoopbackHost(url.hostname)),
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      },
    )
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', reject)
    request.end(body)
  })
}

export function createWebhookSender(state: SandboxState) {
  const timers = new Set<NodeJS.Timeout>()
  const scale = state.options.timeScale
  const timeoutMs = Math.min(30_000, Math.max(1000, 10_000 * scale))

  function send(delivery: WebhookDelivery, key: KeyState, attempt: number): void {
    const url = new URL(delivery.url)
    const headers = {
      'content-type': 'application/json',
      [webhookHeaders.idempotencyKey]: delivery.idempotencyKey,
      [webhookHeaders.signature]: signBody(key, delivery.body),
    }
    const dropped =
      state.faults.dropWebhooks > 0 && randomInt(1_000_000) < state.faults.dropWebhooks * 1_000_000
    const outcome = dropped
      ? Promise.reject(new Error('dropped (simulated fault)'))
      : post(url, delivery.body, headers, timeoutMs, state.options.allowPrivateAddresses)
    outcome.then(
      (status) => finish({ at: Date.now(), attempt, status }),
      (error: Error) => finish({ at: Date.now(), attempt, status: null, error: error.message }),
    )
    const finish = (result: DeliveryAttempt) => {
      if (result.status !== null && result.status >= 200 && result.status < 300) {
        delivery.attempts.push(result)
        delivery.delivered = true
        return
      }
      if (attempt > maxRetries) {
        delivery.attempts.push(result)
        delivery.abandoned = true
        return
      }
      const delayMs = retryDelaySeconds(attempt) * 1000 * scale
      result.retryInMs = delayMs + randomInt(Math.max(1, Math.round(delayMs * 0.1)))
      const timer = setTimeout(() => {
        timers.delete(timer)
        send(delivery, key, attempt + 1)
      }, result.retryInMs)
      delivery.attempts.push(result)
      timer.unref()
      timers.add(timer)
    }
  }

  return {
    deliver(task: VideoTask, key: KeyState, url: string): WebhookDelivery {
      const delivery: WebhookDelivery = {
        url,
        idempotencyKey: idempotencyKeyOf(task),
        body: webhookBody(task, Date.now()),
        attempts: [],
        delivered: false,
        abandoned: false,
      }
      send(delivery, key, 1)
      return delivery
    },
    stop() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}
