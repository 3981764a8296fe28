// Every job of the history held in the page while the board shows it: read from main a few hundred at a time in
// the background, newest first as they came in, and kept up to date by reading again only the jobs main says
// changed. Once held, a keystroke in the search (or any filter whose jobs are not at hand) shows its first jobs
// in its own frame, found here by the history's own rule, while main counts them; until then, and while main
// has said the jobs held are out of date, main is asked as before.
import { type QueryClient, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import {
  firstMatches,
  type SearchablePrompts,
  type SearchLeftOut,
  searchable,
} from '#shared/domain/job-search'
import type { ChangeMark, VideoJobSummary } from '#shared/ipc/routes/videos'
import { invoke } from '../../ipc.ts'
import { queryKeys } from '../../query.ts'

/**
 * Jobs read from main at a time. Each part's answer stays small enough for the collector to free with the rest
 * of main's short-lived objects: with parts of 1,000 (answers of about 400 kB), reading 100,000 jobs grew main's
 * resident memory by 74 MB, with parts of 250 by 5 MB.
 */
const partSize = 250

/** A history larger than this is not held: main answers every filter, as it always can. */
export const heldJobsLimit = 200_000

export interface HeldJobs {
  /** Every job, newest first as they came into the history. */
  jobs: VideoJobSummary[]
  /** Each job's place in that order, falling. */
  arrival: number[]
  /** Each job's prompt as the searches compare it. */
  prompts: SearchablePrompts
  /** What the jobs held are as of. */
  mark: ChangeMark
  /**
   * Whether the page can answer for main: it holds every job, and their creation times fall strictly in the
   * order they came in, so that it is also the board's order (newest created first) with no ties.
   */
  answers: boolean
}

/** Jobs being gathered, newest first as they came in, each with its prompt made ready for a search. */
class Gathered {
  readonly jobs: VideoJobSummary[]
  readonly arrival: number[]
  readonly prompts: SearchablePrompts

  constructor(jobs: VideoJobSummary[] = [], arrival: number[] = [], prompts?: SearchablePrompts) {
    this.jobs = jobs
    this.arrival = arrival
    this.prompts = prompts ?? { ascii: [], indexed: [] }
  }

  /** The jobs held, in arrays of its own to change. */
  static copyOf(held: HeldJobs): Gathered {
    const { ascii, indexed } = held.prompts
    return new Gathered(held.jobs.slice(), held.arrival.slice(), {
      ascii: ascii.slice(),
      indexed: indexed.slice(),
    })
  }

  add(job: VideoJobSummary, place: number): void {
    const [ascii, indexed] = searchable(job.prompt)
    this.jobs.push(job)
    this.arrival.push(place)
    this.prompts.ascii.push(ascii)
    this.prompts.indexed.push(indexed)
  }

  /** Puts `job` as it is now at position `at`. */
  set(at: number, job: VideoJobSummary): void {
    ;[this.prompts.ascii[at], this.prompts.indexed[at]] = searchable(job.prompt)
    this.jobs[at] = job
  }

  /** These jobs without the ones whose id is in `gone`. */
  without(gone: ReadonlySet<string>): Gathered {
    if (gone.size === 0) return this
    const kept = this.jobs.flatMap((job, at) => (gone.has(job.id) ? [] : [at]))
    const pick = <T>(values: T[]) => kept.map((at) => values[at] as T)
    const { ascii, indexed } = this.prompts
    return new Gathered(pick(this.jobs), pick(this.arrival), { ascii: pick(ascii), indexed: pick(indexed) })
  }

  /** These jobs, then `older`. */
  followedBy(older: Gathered): Gathered {
    if (this.jobs.length === 0) return older
    const { ascii, indexed } = this.prompts
    return new Gathered(this.jobs.concat(older.jobs), this.arrival.concat(older.arrival), {
      ascii: ascii.concat(older.prompts.ascii),
      indexed: indexed.concat(older.prompts.indexed),
    })
  }

  held(mark: ChangeMark, total: number): HeldJobs {
    const { jobs, arrival } = this
    let inBoardOrder = true
    for (let at = 1; at < jobs.length && inBoardOrder; at++)
      inBoardOrder =
        (jobs[at - 1] as VideoJobSummary).createdAt > (jobs[at] as VideoJobSummary).createdAt &&
        (arrival[at - 1] as number) > (arrival[at] as number)
    return { jobs, arrival, prompts: this.prompts, mark, answers: inBoardOrder && jobs.length === total }
  }
}

/** Resolves when the page is next idle: a part is read between the person's keystrokes, never in their way. */
const idle = () =>
  new Promise<void>((resolve) => window.requestIdleCallback(() => resolve(), { timeout: 500 }))

/** Whether a screen still wants the jobs held: a read nobody waits for stops. */
const stillWanted = (client: QueryClient) => {
  const query = client.getQueryCache().find({ queryKey: queryKeys.videoHeld() })
  if (!query || query.getObserversCount() === 0) throw new Error('The board was closed.')
}

type ReadEvery = (client: QueryClient, attempts: number) => Promise<HeldJobs | null>

/**
 * Reads every job, then what changed meanwhile; null when the history is too large to hold. Each time main
 * cannot tell what changed, every job is read again, three times at most.
 */
const readEvery: ReadEvery = async (client, attempts) => {
  if (attempts === 0) throw new Error('The jobs changed too much while they were being read.')
  const gathered = new Gathered()
  let mark: ChangeMark | undefined
  let before: number | undefined
  for (;;) {
    stillWanted(client)
    const part = await invoke('videos.everyJob', { before, limit: partSize })
    if (part.total > heldJobsLimit) return null
    // Changes from the first part's moment on are read at the end, whatever part they fell in.
    mark ??= part.mark
    for (const [at, job] of part.jobs.entries()) gathered.add(job, part.arrival[at] as number)
    if (part.next === null)
      return withChanges(client, gathered.held(mark, part.total), attempts - 1, readEvery)
    before = part.next
    await idle()
  }
}

/**
 * The read of every job in progress, per page: main's word that jobs changed, which asks the page for what
 * changed again, joins it rather than starting it over, so that a busy board cannot keep it from ending.
 */
const readsInProgress = new WeakMap<QueryClient, Promise<HeldJobs | null>>()
const readEveryOnce: ReadEvery = (client, attempts) => {
  const running = readsInProgress.get(client)
  if (running) return running
  const read = readEvery(client, attempts).finally(() => readsInProgress.delete(client))
  readsInProgress.set(client, read)
  return read
}

/**
 * The jobs held, with what main says changed since: each job written meanwhile read again, the new ones first,
 * the deleted ones gone. When main cannot tell (it started again, or too much changed), or a new job would not
 * come first, every job is read again (`readAll`).
 */
async function withChanges(
  client: QueryClient,
  before: HeldJobs,
  /** How many more times every job may be read. */
  attempts: number,
  readAll: ReadEvery,
): Promise<HeldJobs | null> {
  const changes = await invoke('videos.changedJobs', before.mark)
  if (!changes) return readAll(client, attempts)
  if (changes.total > heldJobsLimit) return null
  const kept = Gathered.copyOf(before)
  const added = new Gathered()
  const newest = before.arrival[0] ?? Number.NEGATIVE_INFINITY
  const order = changes.jobs.map((job, at) => [job, changes.arrival[at] as number] as const)
  for (const [job, place] of order.sort((a, b) => b[1] - a[1])) {
    const found = placeOf(before.arrival, place)
    if (found !== undefined) kept.set(found, job)
    else if (place > newest) added.add(job, place)
    else return readAll(client, attempts)
  }
  return added.followedBy(kept.without(new Set(changes.gone))).held(changes.mark, changes.total)
}

/** Where `place` stands in `arrival` (falling), by bisection. */
function placeOf(arrival: readonly number[], place: number): number | undefined {
  let low = 0
  let high = arrival.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const at = arrival[middle] as number
    if (at === place) return middle
    if (at > place) low = middle + 1
    else high = middle - 1
  }
  return undefined
}

/** How long the page keeps the jobs once the board is closed (100,000 jobs are about 40 MB of its memory). */
const keptUnshownMs = 60_000

const heldJobsQuery = (client: QueryClient) => ({
  queryKey: queryKeys.videoHeld(),
  queryFn: () => {
    const before = client.getQueryData<HeldJobs | null>(queryKeys.videoHeld())
    return before ? withChanges(client, before, 3, readEveryOnce) : readEveryOnce(client, 3)
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: keptUnshownMs,
  // Compared job by job with the jobs held before, 100,000 jobs would hold the page.
  structuralSharing: false,
})

/**
 * Holds every job from the moment `ready` is first true (the board shows its first jobs) for as long as the
 * screen stays; says whether the page can answer for main.
 */
export function useHeldJobs(client: QueryClient, ready: boolean): boolean {
  // Once wanted, a filter whose first jobs are still on their way neither pauses nor restarts the read.
  const [wanted, setWanted] = useState(ready)
  useEffect(() => {
    if (ready) setWanted(true)
  }, [ready])
  const query = useQuery({ ...heldJobsQuery(client), enabled: wanted || ready })
  return query.data?.answers === true && !query.isStale
}

/** The filters of the board, as `firstJobs` takes them. */
export interface JobFilter {
  status?: string | undefined
  model?: string | undefined
  mode?: string | undefined
  text?: string | undefined
  since?: number | undefined
}

/**
 * The first `enough` jobs a filter shows, worked out from the jobs held, as main would find them: `whole` when
 * they are all it finds. Undefined when the page holds no jobs it can answer with (main is asked instead).
 */
export function firstJobs(
  client: QueryClient,
  filter: JobFilter,
  enough: number,
):
  | { jobs: VideoJobSummary[]; whole: boolean; searchLeftOut: SearchLeftOut | undefined; heldAt: number }
  | undefined {
  const state = client.getQueryState<HeldJobs | null>(queryKeys.videoHeld())
  const jobs = state?.data
  if (!state || !jobs?.answers || state.isInvalidated) return undefined
  const { status, model, mode, since } = filter
  const others = (at: number) => {
    const job = jobs.jobs[at] as VideoJobSummary
    return (
      (status === undefined || job.status === status) &&
      (model === undefined || job.model === model) &&
      (mode === undefined || job.mode === mode) &&
      (since === undefined || job.createdAt >= since)
    )
  }
  const found = firstMatches(jobs.prompts, filter.text ?? '', others, enough)
  if (!found) return undefined
  return {
    jobs: found.positions.map((at) => jobs.jobs[at] as VideoJobSummary),
    whole: found.whole,
    searchLeftOut: found.searchLeftOut,
    heldAt: state.dataUpdatedAt,
  }
}
