// The page narrows a search of the board by itself (the shared rule in job-search.ts); these properties hold
// that rule to the history's own search, on a history past both of the search's reaches.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VideoStatus } from '#shared/api/videos'
import { leftOutOfNarrowed, promptContains, searchNarrows, shortSearchReach } from '#shared/domain/job-search'
import { type History, openHistory } from './history.ts'
import { pendingVideoJob } from './video-jobs.ts'

const words = ['Kite', 'kite', 'KITE', 'owl', 'Owl', 'red', 'harbour', 'Harbour', 'ice']
const statuses: VideoStatus[] = ['pending', 'completed', 'failed']
const firstPage = 100

let dir = ''
let history: History
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gd-job-search-'))
  history = openHistory(dir)
  // More jobs than a short search looks through, and words found in more prompts than a search through the
  // index reaches; each job a little newer than the one before.
  const random = fc.sample(fc.tuple(fc.nat(words.length - 1), fc.nat(words.length - 1), fc.nat(2)), {
    numRuns: shortSearchReach + 400,
    seed: 7,
  })
  history.transaction(() => {
    for (const [i, [first, second, status]] of random.entries())
      history.videoJobs.insert({
        ...pendingVideoJob({
          id: `j${i}`,
          profileId: 'sandbox',
          model: 'orbit/motion-2',
          prompt: `A ${words[first]} and ${words[second]}, take ${i}`,
          createdAt: 1_000_000 + i,
        }),
        status: statuses[status] ?? 'pending',
      })
  })
})
afterAll(async () => {
  history.close()
  await rm(dir, { recursive: true, force: true })
})

/** Text made of the prompts' own letters, so that searches often match. */
const piece = fc.string({ unit: fc.constantFrom(...'kiteowlrdhabuKITEOWLH ,12'.split('')), maxLength: 4 })

describe("the board's search, narrowed in the page", () => {
  it('keeps, of the first jobs shown, exactly the first jobs the narrower search finds', () => {
    fc.assert(
      fc.property(
        piece,
        piece,
        piece,
        fc.option(fc.constantFrom(...statuses), { nil: undefined }),
        (from, before, after, status) => {
          const to = `${before}${from}${after}`
          if (!searchNarrows(from, to, status !== undefined)) return
          const shown = history.videoJobs.latest({ status, text: from, limit: firstPage })
          const kept = shown.filter((job) => promptContains(job.prompt, to)).map((job) => job.id)
          const found = history.videoJobs.latest({ status, text: to, limit: Math.max(kept.length, 1) })
          expect(found.slice(0, kept.length).map((job) => job.id)).toEqual(kept)
          // When the jobs shown were all the search found, the kept ones are all the narrower one finds.
          const leftOut = leftOutOfNarrowed(to, history.videoJobs.searchLeftOut(from))
          if (shown.length < history.videoJobs.count({ status, text: from }) || leftOut === undefined) return
          expect(history.videoJobs.count({ status, text: to })).toBe(kept.length)
          expect(history.videoJobs.searchLeftOut(to)).toBe(leftOut)
        },
      ),
      { numRuns: 300, seed: 11 },
    )
  })

  it('narrows only when the text adds plain ASCII to what was searched, and from no search only unfiltered', () => {
    expect(searchNarrows('kit', 'kite', true)).toBe(true)
    expect(searchNarrows('KIT', 'a kite', false)).toBe(true)
    expect(searchNarrows('kite', 'kit', false)).toBe(false)
    expect(searchNarrows('kite', 'kite', false)).toBe(false)
    expect(searchNarrows('', 'k', false)).toBe(true)
    expect(searchNarrows('', 'k', true)).toBe(false)
    expect(searchNarrows('caf', 'café', false)).toBe(false)
    expect(promptContains('A Kite and owl', 'KITE AND')).toBe(true)
    expect(promptContains('A Kite and owl', 'kites')).toBe(false)
  })
})
