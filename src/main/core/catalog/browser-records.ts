// The model browser's records — the three listing styles merged by model — worked out in the background once
// a catalog is read, a few milliseconds at a time, so that main keeps answering meanwhile and the browser's
// first look after a start does not wait for them. Asked for before they are ready, what is left is done at once.
import type { GenerativeModel, MessageModel, UnifiedModel } from '#shared/api/models'
import {
  type CatalogModel,
  fromGenerative,
  fromMessages,
  fromUnified,
  mergingListings,
  modelsPerStep,
  type StyleView,
} from '#shared/domain/catalog'
import { finished } from '#shared/domain/sorting'

export interface RawListings {
  unified?: UnifiedModel[]
  generative?: GenerativeModel[]
  messages?: MessageModel[]
}

function* readEach<T>(
  list: T[] | undefined,
  read: (item: T) => StyleView,
): Generator<void, StyleView[] | undefined> {
  if (!list) return undefined
  const views: StyleView[] = []
  for (const item of list) {
    views.push(read(item))
    if (views.length % modelsPerStep === 0) yield
  }
  return views
}

/** The styles read into the app's fields and merged, pausing every few hundred models. */
export function* mergingRaw(raw: RawListings): Generator<void, CatalogModel[]> {
  const unified = yield* readEach(raw.unified, fromUnified)
  const generative = yield* readEach(raw.generative, fromGenerative)
  const messages = yield* readEach(raw.messages, fromMessages)
  return yield* mergingListings({
    ...(unified ? { unified } : {}),
    ...(generative ? { generative } : {}),
    ...(messages ? { messages } : {}),
  })
}

export const mergeRaw = (raw: RawListings): CatalogModel[] => finished(mergingRaw(raw))

/** Work spread over the event loop: `now()` answers at once, doing what is left; `done` settles when it is. */
export interface SpreadWork<T> {
  now(): T
  /** Whether the work has ended (with its result or its failure). */
  ended(): boolean
  done: Promise<void>
}

/**
 * Runs `work` in slices of about `sliceMs`, each in its own turn of the event loop, while `wanted()` holds
 * (a catalog replaced meanwhile is not worked on further). A failure is kept for `now()` to throw.
 */
export function spreadOut<T>(work: Generator<void, T>, wanted: () => boolean, sliceMs = 8): SpreadWork<T> {
  let result: { value: T } | { error: unknown } | undefined
  const run = (until: number) => {
    try {
      for (;;) {
        const step = work.next()
        if (step.done) {
          result = { value: step.value }
          return
        }
        if (performance.now() >= until) return
      }
    } catch (error) {
      result = { error }
    }
  }
  const done = new Promise<void>((resolve) => {
    const slice = () => {
      if (!result && wanted()) run(performance.now() + sliceMs)
      if (result || !wanted()) resolve()
      else setImmediate(slice)
    }
    setImmediate(slice)
  })
  return {
    ended: () => result !== undefined,
    now() {
      if (!result) run(Number.POSITIVE_INFINITY)
      if (result && 'error' in result) throw result.error
      return (result as { value: T }).value
    },
    done,
  }
}

/** `work` spread over the event loop (`spreadOut`), to its end: its result, or its failure thrown. */
export async function inSlices<T>(work: Generator<void, T>): Promise<T> {
  const spread = spreadOut(work, () => true)
  await spread.done
  return spread.now()
}
