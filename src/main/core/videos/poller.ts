// Polls the jobs that are still pending, within one budget per profile (requests per window) shared by all
// its jobs. It never exceeds the budget, waits exactly as long as a 429's Retry-After says, picks the job
// polled longest ago, and forgets a job the moment it is terminal (a webhook may get there first).
import type { VideoTask } from '#shared/api/videos'
import type { AppError } from '#shared/ipc/app-error'
import type { Gateway } from '../gateway/gateway.ts'
import type { History } from '../history/history.ts'
import type { TaskApplied, VideoJobRow } from '../history/video-jobs.ts'
import type { Log } from '../log.ts'

export interface PollBudget {
  requests: number
  windowSeconds: number
}

export interface PollerDeps {
  history: History
  /** Moves a job forward by a task it read, inside the poll's transaction. */
  apply: (task: VideoTask) => TaskApplied
  /** Told of the jobs a poll moved, after its transaction committed. */
  applied: (rows: VideoJobRow[]) => void
  gatewayFor: (profileId: string) => Gateway
  budget: () => PollBudget
  log: Log
  onStateChange: () => void
  /** Shortest time between two polls of one job. */
  minIntervalMs?: number
  tickMs?: number
  now?: () => number
}

interface ProfileState {
  sent: number[]
  pausedUntil: number
  inFlight: number
}

/** A pause after a 429: from when the answer arrived, for exactly its Retry-After. */
export interface Pause {
  profileId: string
  from: number
  until: number
}

export function createPoller(deps: PollerDeps) {
  const now = deps.now ?? Date.now
  const minInterval = deps.minIntervalMs ?? 5000
  /** Status reads in flight at once per profile: few, so a 429 is seen before more are sent. */
  const maxInFlight = 2
  /** Pending jobs: id → profile and when it was last polled. */
  const pending = new Map<string, { profileId: string; lastPolled: number }>()
  const profiles = new Map<string, ProfileState>()
  const pauses: Pause[] = []
  let timer: NodeJS.Timeout | null = null

  const stateOf = (profileId: string) => {
    let state = profiles.get(profileId)
    if (!state) {
      state = { sent: [], pausedUntil: 0, inFlight: 0 }
      profiles.set(profileId, state)
    }
    return state
  }

  async function poll(id: string, profileId: string, state: ProfileState): Promise<void> {
    state.inFlight++
    const at = now()
    try {
      const { data } = await deps.gatewayFor(profileId).getVideo(id, { timeoutMs: 20_000, retry: false })
      const result = deps.history.transaction(() => {
        deps.history.videoJobs.recordPoll({
          jobId: id,
          at,
          outcome: data.status,
          httpStatus: 200,
          detail: null,
        })
        return deps.apply(data)
      })
      if (data.status !== 'pending' || result.outcome === 'unknown') pending.delete(id)
      if (result.outcome === 'changed' && result.row) deps.applied([result.row])
    } catch (error) {
      const failure = error as AppError
      if (failure.status === 429) {
        const from = now()
        state.pausedUntil = Math.max(state.pausedUntil, from + (failure.retryAfter ?? 1) * 1000)
        pauses.push({ profileId, from, until: state.pausedUntil })
        if (pauses.length > 100) pauses.shift()
        deps.onStateChange()
      }
      if (failure.status === 404) pending.delete(id)
      try {
        deps.history.videoJobs.recordPoll({
          jobId: id,
          at,
          outcome: failure.status === 429 ? 'rate_limited' : failure.status === 404 ? 'not_found' : 'error',
          httpStatus: failure.status ?? null,
          detail: failure.message ?? String(error),
        })
      } catch (storeError) {
        deps.log.warn('poll could not be recorded', storeError)
      }
    } finally {
      state.inFlight--
    }
  }

  function readStatus(id: string): string | undefined {
    try {
      return deps.history.videoJobs.get(id)?.status
    } catch {
      return undefined
    }
  }

  function tick(): void {
    const budget = deps.budget()
    const windowMs = budget.windowSeconds * 1000
    const time = now()
    const byProfile = new Map<string, [string, { profileId: string; lastPolled: number }][]>()
    for (const entry of pending) {
      const list = byProfile.get(entry[1].profileId) ?? []
      list.push(entry)
      byProfile.set(entry[1].profileId, list)
    }
    for (const [profileId, jobs] of byProfile) {
      const state = stateOf(profileId)
      if (state.pausedUntil > time) continue
      if (state.pausedUntil !== 0) {
        state.pausedUntil = 0
        deps.onStateChange()
      }
      state.sent = state.sent.filter((sentAt) => time - sentAt < windowMs)
      const due = jobs
        .filter(([, job]) => time - job.lastPolled >= minInterval)
        .sort((a, b) => a[1].lastPolled - b[1].lastPolled)
      for (const [id, job] of due) {
        if (state.sent.length >= budget.requests || state.inFlight >= maxInFlight) break
        // A webhook, a cancel or a re-applied delivery may have ended the job since: never poll it again. A
        // job whose row no longer reads is left to the board, which names it.
        if (readStatus(id) !== 'pending') {
          pending.delete(id)
          continue
        }
        state.sent.push(time)
        job.lastPolled = time
        void poll(id, profileId, state)
      }
    }
  }

  return {
    /** Starts ticking; the pending jobs are loaded from the history (after a restart) at the first tick. */
    start(): void {
      let loaded = false
      timer ??= setInterval(() => {
        try {
          if (!loaded) {
            loaded = true
            for (const row of deps.history.videoJobs.pending())
              if (!pending.has(row.id)) pending.set(row.id, { profileId: row.profileId, lastPolled: 0 })
          }
          tick()
        } catch (error) {
          deps.log.error('polling tick failed', error)
        }
      }, deps.tickMs ?? 250)
      timer.unref()
    },
    stop(): void {
      if (timer) clearInterval(timer)
      timer = null
    },
    watch(id: string, profileId: string): void {
      pending.set(id, { profileId, lastPolled: now() })
    },
    forget(id: string): void {
      pending.delete(id)
    },
    tick,
    state: () => ({
      pending: pending.size,
      pausedUntil: Object.fromEntries(
        [...profiles].filter(([, s]) => s.pausedUntil > now()).map(([id, s]) => [id, s.pausedUntil]),
      ),
      sentInWindow: (profileId: string) => stateOf(profileId).sent.length,
      /** Status reads sent and not answered yet, over all profiles. */
      inFlight: [...profiles.values()].reduce((sum, state) => sum + state.inFlight, 0),
      pauses: [...pauses],
    }),
  }
}
