// "Forward to": each verified delivery passed on to the person's own server as it arrives, any stored delivery
// sent again on request, and test deliveries for the four terminal events, signed as the service signs. Every
// send is recorded with the server's answer; a failure is shown, never retried behind the person's back.
import { createHmac, randomUUID } from 'node:crypto'
import { webhookHeaders } from '#shared/api/videos'
import { idempotencyKeyOf, type TerminalStatus, testTask, webhookBody } from '#shared/domain/webhook-events'
import { AppError } from '#shared/ipc/app-error'
import type { WebhookForward } from '#shared/ipc/routes/videos'
import type { History } from '../history/history.ts'
import type { WebhookDeliveryRow } from '../history/webhook-deliveries.ts'
import { shownForward } from '../history/webhook-forwards.ts'
import type { Log } from '../log.ts'
import { type ForwardOutcome, forwardAddressProblem, forwardDelivery, forwarderAgent } from './forwarder.ts'

export interface ForwardingDeps {
  history: History
  log: Log
  /** The profile's forward address, or null when forwarding is off for it. */
  address: (profileId: string) => string | null
  /** The profile a job belongs to (for a job the history does not hold: the active profile). */
  profileOf: (jobId: string | null) => string
  /** The secrets that sign the profile's webhooks, current first. */
  secretsFor: (profileId: string) => Promise<string[]>
  /** A send was recorded. */
  onChange: () => void
  now?: () => number
}

const noAddress = () =>
  new AppError({
    code: 'validation_failed',
    message: 'Set a "Forward to" address first: where your own server receives webhooks.',
    path: ['address'],
  })

/** Deliveries waiting to be passed on, at most: a server that answers slowly never makes the queue grow past it. */
export const maxWaitingForwards = 500

/** An address given for one send (the command line's `--to`), checked as a kept forward address is. */
function checkedTo(to: string | undefined): string | undefined {
  if (to === undefined) return undefined
  const problem = forwardAddressProblem(to)
  if (problem) throw new AppError({ code: 'validation_failed', message: problem, path: ['to'] })
  return to
}

/** A job of the profile by its id or the start of one, as the lists shorten it; refused when that is not one job. */
function jobOf(history: History, given: string, profileId: string) {
  const exact = history.videoJobs.get(given)
  if (exact?.profileId === profileId) return exact
  const ids = given.length >= 4 ? history.videoJobs.idsStartingWith(given, profileId) : []
  if (ids.length > 1)
    throw new AppError({
      code: 'validation_failed',
      message: `More than one job’s id starts with “${given}”: give more of it.`,
    })
  const found = ids[0] === undefined ? undefined : history.videoJobs.get(ids[0])
  if (!found) throw new AppError({ code: 'not_found', message: 'That job is not in this profile’s history.' })
  return found
}

export function createForwarding(deps: ForwardingDeps) {
  const { history } = deps
  const now = deps.now ?? Date.now
  // Deliveries are passed on one at a time, in the order they arrived, as a server under development expects.
  let queue: Promise<unknown> = Promise.resolve()
  // At most this many wait: past it a delivery is not passed on (it stays stored, and Send again sends it).
  let waiting = 0
  let refusedSince = 0
  // Closing drops the sends not started and stops the one under way, so quitting never waits on a slow server.
  const closing = new AbortController()

  const record = (
    outcome: ForwardOutcome,
    fields: Pick<WebhookForward, 'kind' | 'event' | 'jobId'> & {
      deliveryId: number | null
      profileId: string
      headers?: Record<string, string>
      body?: Uint8Array
    },
  ): WebhookForward => {
    const { headers, body, deliveryId, profileId, ...rest } = fields
    const row = history.transaction(() =>
      history.webhookForwards.insert({
        ...rest,
        ...outcome,
        deliveryId,
        profileId,
        ...(headers ? { headersJson: JSON.stringify(headers) } : {}),
        ...(body ? { body } : {}),
      }),
    )
    deps.onChange()
    return shownForward(row)
  }

  const storedDelivery = (row: WebhookDeliveryRow) => ({
    headers: JSON.parse(row.headersJson) as Record<string, string>,
    body: row.body,
  })

  const addressFor = (profileId: string) => {
    const address = deps.address(profileId)
    if (!address) throw noAddress()
    return address
  }

  return {
    /** Passes on the verified deliveries just stored, to the address of the profile each belongs to. */
    afterStored(rows: readonly WebhookDeliveryRow[]): void {
      for (const row of rows) {
        if (!row.verified || row.id === undefined || closing.signal.aborted) continue
        // A delivery this app forwarded (an address that leads back to its own receiver) is not sent round again.
        if (storedDelivery(row).headers['user-agent']?.startsWith(forwarderAgent)) continue
        const profileId = deps.profileOf(row.jobId)
        const address = deps.address(profileId)
        if (!address) continue
        const deliveryId = row.id
        if (waiting >= maxWaitingForwards) {
          // Said once a minute while it lasts.
          if (now() - refusedSince > 60_000) {
            refusedSince = now()
            deps.log.warn(
              `forwarding: ${maxWaitingForwards} deliveries are waiting to be passed on; delivery ${deliveryId} was not (Send again sends it)`,
            )
          }
          continue
        }
        waiting++
        queue = queue
          .then(async () => {
            if (closing.signal.aborted) return
            const outcome = await forwardDelivery(
              address,
              storedDelivery(row),
              now,
              undefined,
              closing.signal,
            )
            if (closing.signal.aborted) return
            record(outcome, {
              kind: 'forward',
              event: row.event,
              jobId: row.jobId,
              deliveryId,
              profileId,
            })
          })
          .catch((error: unknown) => deps.log.error('a delivery could not be forwarded', error))
          .finally(() => {
            waiting--
          })
      }
    },
    /** Everything sent so far has been answered (or failed). */
    settled: () => queue.then(() => {}),
    /** Drops what is queued and stops the send under way (the app is quitting). */
    async close(): Promise<void> {
      closing.abort()
      await queue.catch(() => {})
    },
    /** A stored delivery, or a test delivery sent before, sent again byte for byte. */
    async resend(
      which: { deliveryId?: number | undefined; testId?: number | undefined },
      activeProfile: string,
      to?: string,
    ): Promise<WebhookForward> {
      checkedTo(to)
      if (which.deliveryId !== undefined) {
        const row = history.webhookDeliveries.get(which.deliveryId)
        if (!row) throw new AppError({ code: 'not_found', message: 'That delivery is no longer stored.' })
        const profileId = deps.profileOf(row.jobId)
        const address = to ?? addressFor(profileId)
        return record(await forwardDelivery(address, storedDelivery(row), now), {
          kind: 'resend',
          event: row.event,
          jobId: row.jobId,
          deliveryId: which.deliveryId,
          profileId,
        })
      }
      const sent = which.testId !== undefined ? history.webhookForwards.sent(which.testId) : undefined
      const test = which.testId !== undefined ? history.webhookForwards.get(which.testId) : undefined
      if (!sent || !test || test.kind !== 'test')
        throw new AppError({ code: 'not_found', message: 'That test delivery is no longer stored.' })
      const profileId = test.profileId ?? activeProfile
      return record(await forwardDelivery(to ?? addressFor(profileId), sent, now), {
        kind: 'test',
        event: test.event,
        jobId: test.jobId,
        deliveryId: null,
        profileId,
        ...sent,
      })
    },
    /**
     * Signs a made-up terminal event for a job of the profile (by its id or the start of it, as lists show it),
     * or a made-up job, and sends it.
     */
    async test(
      input: { status: TerminalStatus; jobId?: string | undefined },
      profileId: string,
      to?: string,
    ): Promise<WebhookForward> {
      const address = checkedTo(to) ?? addressFor(profileId)
      const job = input.jobId ? jobOf(history, input.jobId, profileId) : null
      const [secret] = await deps.secretsFor(profileId)
      if (!secret)
        throw new AppError({
          code: 'validation_failed',
          message:
            'This profile has no webhook secret, so a test delivery could not be signed. Set one in Settings.',
        })
      const task = testTask(input.status, job ?? null, now(), randomUUID)
      const body = Buffer.from(webhookBody(task, now()))
      const headers = {
        'content-type': 'application/json',
        [webhookHeaders.idempotencyKey]: idempotencyKeyOf(task),
        [webhookHeaders.signature]: createHmac('sha256', secret).update(body).digest('base64url'),
      }
      return record(await forwardDelivery(address, { headers, body }, now), {
        kind: 'test',
        event: JSON.parse(body.toString('utf8')).event,
        jobId: task.id,
        deliveryId: null,
        profileId,
        headers,
        body,
      })
    },
    /** Why an address cannot be used, or null. */
    problem: forwardAddressProblem,
  }
}

export type Forwarding = ReturnType<typeof createForwarding>
