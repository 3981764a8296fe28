// The page narrows a search of the board by itself (the shared rule in job-search.ts); these properties hold
// that rule to the history's own search, on a history past both of the search's reaches: words found in more
// prompts than a search through the index looks at, a word found in a few only, the two letters only the index
// folds into ASCII, and a status whose newest jobs are older than what a short search looks through.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VideoStatus } from '#shared/api/videos'
import {
  firstMatches,
  leftOutOfNarrowed,
  promptContains,
  type SearchablePrompts,
  searchable,
  searchNarrows,
  searchReach,
  shortSearchReach,
} from '#shared/domain/job-search'
import { type History, openHistory } from './history.ts'
import { pendingVideoJob } from './video-jobs.ts'

const common = ['Kite', 'kite', 'KITE', 'owl', 'Owl', 'harbour', 'ice', 'star', 'kelvin']
/** Rare words, and the Kelvin sign and the long s, which only the index folds (into k and s). */
const rare = ['quartz', '\u212Aelvin', '\u017Ftar']
const total = shortSearchReach + 600
/** Only the oldest jobs failed: a short search, which looks through the newest jobs, finds none of them. */
const oldestFailed = 400
const firstPage = 100

/** A job's prompt and status, the same on every run. */
function jobOf(i: number): { prompt: string; status: VideoStatus } {
  const word = (n: number) => (n % 53 === 0 ? rare[n % rare.length] : common[n % common.length])
  const status: VideoStatus = i < oldestFailed ? 'failed' : i % 3 === 0 ? 'pending' : 'completed'
  return { prompt: `A ${word(i * 7 + 3)} and ${word(i * 13 + 5)}, take ${i}`, status }
}

let dir = ''
let history: History
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gd-job-search-'))
  history = openHistory(dir)
  history.transaction(() => {
    for (let i = 0; i < total; i++)
      history.videoJobs.insert({
        ...pendingVideoJob({
          id: `j${i}`,
          profileId: 'sandbox',
          model: 'orbit/motion-2',
          prompt: jobOf(i).prompt,
          createdAt: 1_000_000 + i,
        }),
        status: jobOf(i).status,
      })
  })
})
afterAll(async () => {
  history.close()
  await rm(dir, { recursive: true, force: true })
})

/** A search narrowed by typing: `to` is a piece of some job's prompt, `from` a piece of `to` (or nothing). */
const narrowing = fc
  .record({
    job: fc.nat(total - 1),
    start: fc.nat(40),
    length: fc.integer({ min: 1, max: 9 }),
    inner: fc.nat(8),
    innerLength: fc.nat(8),
    upper: fc.boolean(),
    status: fc.option(fc.constantFrom<VideoStatus>('failed', 'completed', 'pending'), { nil: undefined }),
  })
  .map(({ job, start, length, inner, innerLength, upper, status }) => {
    const prompt = jobOf(job).prompt
    const piece = prompt.slice(start % prompt.length, (start % prompt.length) + length)
    const to = upper ? piece.toUpperCase() : piece
    const from = piece.slice(inner % piece.length, (inner % piece.length) + (innerLength % piece.length))
    return { from, to, status }
  })

describe("the board's search, narrowed in the page", () => {
  it('keeps, of the first jobs shown, exactly the first jobs the narrower search finds', () => {
    const seen = { narrowed: 0, kept: 0, indexedKept: 0, whole: 0, wholeOlderJobs: 0, pastIndexReach: 0 }
    fc.assert(
      fc.property(narrowing, ({ from, to, status }) => {
        if (!searchNarrows(from, to, status !== undefined)) return
        seen.narrowed++
        const shown = history.videoJobs.latest({ status, text: from, limit: firstPage })
        const kept = shown.filter((job) => promptContains(job.prompt, to)).map((job) => job.id)
        const found = history.videoJobs.latest({ status, text: to, limit: Math.max(kept.length, 1) })
        expect(found.slice(0, kept.length).map((job) => job.id)).toEqual(kept)
        if (kept.length > 0) seen.kept++
        if (kept.length > 0 && to.length >= 3) seen.indexedKept++
        if (history.videoJobs.searchLeftOut(from) === 'older matches') seen.pastIndexReach++
        // When the jobs shown were all the search found, the kept ones are all the narrower one finds.
        const leftOut = leftOutOfNarrowed(to, history.videoJobs.searchLeftOut(from))
        if (shown.length < history.videoJobs.count({ status, text: from }) || leftOut === undefined) return
        expect(history.videoJobs.count({ status, text: to })).toBe(kept.length)
        expect(history.videoJobs.searchLeftOut(to)).toBe(leftOut)
        seen.whole++
        if (leftOut === 'older jobs') seen.wholeOlderJobs++
      }),
      { numRuns: 800, seed: 11 },
    )
    // The cases that matter were met: jobs kept through the index, a search past its reach, whole answers,
    // and whole answers that still leave older jobs out.
    expect(seen.kept).toBeGreaterThan(60)
    expect(seen.indexedKept).toBeGreaterThan(40)
    expect(seen.pastIndexReach).toBeGreaterThan(40)
    expect(seen.whole).toBeGreaterThan(10)
    expect(seen.wholeOlderJobs).toBeGreaterThan(4)
    // 800 runs of real queries over 10,600 jobs: about 4 s alone, more on a loaded machine.
  }, 60_000)

  it('finds prompts as the history does: the index folds the Kelvin sign and the long s, a short search not', () => {
    for (const text of ['kelvin', 'KELVIN', 'star', 'ta', 'ke']) {
      const matches = history.videoJobs.latest({ text, limit: searchReach })
      const all = Array.from({ length: total }, (_, i) => ({ id: `j${i}`, prompt: jobOf(i).prompt }))
      const expected = all
        .slice(text.length >= 3 ? 0 : total - shortSearchReach)
        .filter((job) => promptContains(job.prompt, text))
        .reverse()
        .slice(0, searchReach)
      expect(matches.map((job) => job.id)).toEqual(expected.map((job) => job.id))
    }
  })

  it('finds over every job at hand, newest first, exactly the first jobs the history finds, and when they are all', () => {
    // Every job as the page holds it: newest first as they came into the history.
    const prompts: SearchablePrompts = { ascii: [], indexed: [] }
    const statuses: VideoStatus[] = []
    for (let i = total - 1; i >= 0; i--) {
      const [ascii, indexed] = searchable(jobOf(i).prompt)
      prompts.ascii.push(ascii)
      prompts.indexed.push(indexed)
      statuses.push(jobOf(i).status)
    }
    const idAt = (position: number) => `j${total - 1 - position}`
    const seen = { found: 0, whole: 0, olderMatches: 0, olderJobs: 0, counting: 0 }
    const search = fc.record({
      text: fc.oneof(
        narrowing.map(({ to }) => to),
        fc.constantFrom('', 'k', 'ta', 'kelvin', 'KE', 'quartz', 'star, take 1'),
      ),
      status: narrowing.map(({ status }) => status),
      // Up to a screenful; or more than a status holds of a search's reach, so that its last match counts.
      enough: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constant(searchReach / 2)),
    })
    fc.assert(
      fc.property(search, ({ text, status, enough }) => {
        const found = firstMatches(prompts, text, (at) => !status || statuses[at] === status, enough)
        if (!found) return
        seen.found++
        const filter = { status, text }
        const expected = history.videoJobs.latest({ ...filter, limit: enough }).map((job) => job.id)
        expect(found.positions.map(idAt)).toEqual(expected)
        if (!found.whole) {
          expect(found.positions.length).toBe(enough)
          if (found.searchLeftOut !== undefined)
            expect(found.searchLeftOut).toBe(history.videoJobs.searchLeftOut(text))
          seen.counting++
          return
        }
        expect(history.videoJobs.count(filter)).toBe(found.positions.length)
        expect(found.searchLeftOut).toBe(history.videoJobs.searchLeftOut(text))
        seen.whole++
        if (found.searchLeftOut === 'older matches') seen.olderMatches++
        if (found.searchLeftOut === 'older jobs') seen.olderJobs++
      }),
      { numRuns: 400, seed: 5 },
    )
    expect(seen.counting).toBeGreaterThan(40)
    expect(seen.whole).toBeGreaterThan(20)
    expect(seen.olderMatches).toBeGreaterThan(3)
    expect(seen.olderJobs).toBeGreaterThan(3)
    // Not plain ASCII: the page leaves the search to main.
    expect(firstMatches(prompts, '\u212Aelvin', () => true, 10)).toBeUndefined()
  }, 60_000)

  it('narrows only when the text adds plain ASCII to what was searched, and from no search only unfiltered', () => {
    expect(searchNarrows('kit', 'kite', true)).toBe(true)
    expect(searchNarrows('ki', 'k', false)).toBe(false)
    expect(searchNarrows('ki', 'kit', false)).toBe(false)
    expect(searchNarrows('kite', 'kite', false)).toBe(false)
    expect(searchNarrows('', 'k', false)).toBe(true)
    expect(searchNarrows('', 'k', true)).toBe(false)
    expect(searchNarrows('caf', 'café', false)).toBe(false)
    expect(promptContains('A Kite and owl', 'KITE AND')).toBe(true)
    expect(promptContains('A Kite and owl', 'kites')).toBe(false)
  })
})
