// The browser's records worked out in the background: in slices that let the event loop run between them,
// to the same result as all at once, finished at once when asked for early, and dropped when no longer wanted.
import { describe, expect, it } from 'vitest'
import type { UnifiedModel } from '#shared/api/models'
import { fromUnified, mergeListings } from '#shared/domain/catalog'
import { finished } from '#shared/domain/sorting'
import { mergeRaw, mergingRaw, spreadOut } from './browser-records.ts'

/** Work of `steps` pauses that counts how far it got. */
function* counting(steps: number, progress: { at: number }): Generator<void, number> {
  for (let step = 0; step < steps; step++) {
    progress.at = step
    yield
  }
  return steps
}

const turnOfTheLoop = () => new Promise((resolve) => setImmediate(resolve))

describe('work spread over the event loop', () => {
  it('runs in slices with turns of the event loop between them, and settles with the whole result', async () => {
    const progress = { at: -1 }
    let turns = 0
    const work = spreadOut(counting(2_000_000, progress), () => true, 1)
    // Each turn of the loop finds the work further on, and not yet done.
    for (let seen = -1; turns < 3; turns++) {
      await turnOfTheLoop()
      expect(progress.at).toBeGreaterThan(seen)
      expect(progress.at).toBeLessThan(2_000_000 - 1)
      seen = progress.at
    }
    await work.done
    expect(work.now()).toBe(2_000_000)
  })

  it('does what is left at once when asked for early', () => {
    const progress = { at: -1 }
    const work = spreadOut(counting(1000, progress), () => true)
    expect(progress.at).toBe(-1)
    expect(work.now()).toBe(1000)
    expect(progress.at).toBe(999)
  })

  it('stops when no longer wanted, and still answers when asked', async () => {
    const progress = { at: -1 }
    let wanted = true
    const work = spreadOut(counting(5_000_000, progress), () => wanted, 1)
    await turnOfTheLoop()
    wanted = false
    await work.done
    const stoppedAt = progress.at
    expect(stoppedAt).toBeLessThan(5_000_000 - 1)
    await turnOfTheLoop()
    expect(progress.at).toBe(stoppedAt)
    expect(work.now()).toBe(5_000_000)
  })

  it('keeps a failure for the one who asks', async () => {
    const work = spreadOut(
      (function* () {
        yield
        throw new Error('a listing that cannot be read')
      })(),
      () => true,
    )
    await work.done
    expect(() => work.now()).toThrow('a listing that cannot be read')
  })
})

describe('the merge in steps', () => {
  it('pauses every few hundred models and merges as the merge all at once does', () => {
    const unified = Array.from(
      { length: 1200 },
      (_, i): UnifiedModel => ({
        id: `p${i % 7}/model-${i}`,
        object: 'model',
        created: 1,
        owned_by: `p${i % 7}`,
        canonical_slug: `model-${i}`,
        name: `Model ${i}`,
        description: '',
        context_length: 8192,
        architecture: { modality: 'text->text', input_modalities: ['text'], output_modalities: ['text'] },
        pricing: { prompt: '0.000001', completion: '0.000002' },
        top_provider: { context_length: 8192, max_completion_tokens: 1024, is_moderated: false },
        per_request_limits: null,
        supported_parameters: ['tools'],
        default_parameters: null,
        expiration_date: null,
      }),
    )
    let pauses = 0
    const work = mergingRaw({ unified })
    for (let step = work.next(); !step.done; step = work.next()) pauses++
    // 1,200 read into the app's fields, 1,200 grouped by id, then 1,200 merged: two pauses each.
    expect(pauses).toBe(6)
    expect(mergeRaw({ unified })).toEqual(mergeListings({ unified: unified.map(fromUnified) }))
    expect(finished(mergingRaw({}))).toEqual([])
  })
})
