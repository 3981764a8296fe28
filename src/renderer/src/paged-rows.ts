// A long list read a page at a time: how many rows there are, and the pages around the rows in view, asked for
// as the person scrolls. The list's owner (main) filters and sorts; a page the screen can work out itself (the
// model browser, once it holds the catalog) is set in the same queries.
import { type QueryClient, type QueryKey, useQueries } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { VisibleRange } from './components/VirtualList.tsx'

export function usePagedRows<Page extends { total: number }, Row>(options: {
  pageSize: number
  /** The query of one page (numbered from 0); pages of another filter or order have other keys. */
  pageOf: (page: number) => { queryKey: QueryKey; queryFn: () => Promise<Page> }
  rowsOf: (page: Page) => readonly Row[]
  enabled?: boolean
  /** Whose rows these are (a profile): under another, the previous rows are never shown in the meantime. */
  owner?: string
}) {
  const { pageSize } = options
  const [range, setRange] = useState<VisibleRange>({ first: 0, last: 0 })
  const firstPage = Math.floor(range.first / pageSize)
  const lastPage = Math.floor(Math.max(range.last - 1, 0) / pageSize)
  const numbers = [0]
  for (let page = Math.max(1, firstPage); page <= lastPage; page++) numbers.push(page)
  const pages = useQueries({
    queries: numbers.map((page) => ({ ...options.pageOf(page), enabled: options.enabled ?? true })),
  })
  // Under a new filter or order each page has a new key, and so no data until main answers. Meanwhile the
  // page last shown at that place stays (with `busy` set): a keystroke never blanks the list or its count.
  const shown = useRef(new Map<number, Page>())
  const shownOwner = useRef(options.owner)
  if (shownOwner.current !== options.owner) {
    shown.current.clear()
    shownOwner.current = options.owner
  }
  const datas = pages.map((page, at) => page.data ?? shown.current.get(numbers[at] ?? 0))
  for (const [at, page] of pages.entries()) if (page.data) shown.current.set(numbers[at] ?? 0, page.data)
  // The same pages give the same `rowAt`, so a list that only re-renders around them can skip the work.
  const last = useRef<{
    numbers: number[]
    datas: (Page | undefined)[]
    rowAt: (index: number) => Row | undefined
  }>(null)
  const same =
    last.current?.numbers.length === numbers.length &&
    numbers.every((page, at) => last.current?.numbers[at] === page && last.current.datas[at] === datas[at])
  if (!same || !last.current) {
    const byNumber = new Map(
      numbers.map((page, at) => {
        const data = datas[at]
        return [page, data ? options.rowsOf(data) : undefined]
      }),
    )
    last.current = {
      numbers,
      datas,
      rowAt: (index) => byNumber.get(Math.floor(index / pageSize))?.[index % pageSize],
    }
  }
  const { rowAt } = last.current
  const head = pages[0]
  return {
    /** The first page as it came (its count and anything else the list says of itself). */
    head: datas[0],
    total: datas[0]?.total ?? 0,
    isSuccess: head?.isSuccess ?? false,
    /** Some page in view is still on its way: what shows is the previous answer (or nothing yet). */
    busy: pages.some((page) => page.data === undefined),
    error: pages.find((page) => page.error)?.error ?? null,
    refetch: () => Promise.all(pages.map((page) => page.refetch())),
    loaded: datas.flatMap((data) => (data ? options.rowsOf(data) : [])),
    /** Undefined for a row whose page is still on its way; the same function while the pages are the same. */
    rowAt,
    onRange: setRange,
  }
}

/** A first page the page worked out from rows at hand, shown while main counts the rest (`counting`). */
type MaybeCounting<Page> = Page & { counting?: true }

/** Whether a list's first page shows rows worked out in the page while main counts the matches. */
export const stillCounting = (head: object | undefined): boolean =>
  (head as MaybeCounting<object> | undefined)?.counting === true

/**
 * The first page of a narrower filter (a letter typed into a search), worked out in the page from the first
 * page shown, in the keystroke's frame, before main is asked: the rows that still match are the first rows
 * of the new filter, in order. `whole` says, of the page shown, whether it held every row of its filter and
 * makes the page of those rows: then that is the whole answer. Otherwise, when at least `enough` rows still
 * match, they show at once (`counting`) while main counts the rest and answers. A page shown that main has
 * said is out of date (its topic changed) is not narrowed, and a page worked out is as old as the one it came
 * from. Answers false when the page can do none of this, and main is to be asked as usual.
 */
export function showNarrowed<Page extends { total: number }, Row>(
  client: QueryClient,
  options: {
    /** The key of the first page shown. */
    shown: QueryKey
    next: { queryKey: QueryKey; queryFn: () => Promise<Page> }
    rowsOf: (page: Page) => readonly Row[]
    narrow: (rows: readonly Row[]) => Row[]
    whole: (shown: Page, rows: Row[]) => Page | undefined
    counting: (shown: Page, rows: Row[]) => Page
    enough: number
  },
): boolean {
  const { next } = options
  const state = client.getQueryState<MaybeCounting<Page>>(options.shown)
  const shown = state?.data
  if (!shown || state.isInvalidated || client.getQueryData(next.queryKey) !== undefined) return false
  const updatedAt = state.dataUpdatedAt
  const rows = options.narrow(options.rowsOf(shown))
  const whole = shown.counting ? undefined : options.whole(shown, rows)
  if (whole) showWorkedOut(client, next, whole, { counting: false, updatedAt })
  else if (rows.length >= options.enough)
    showWorkedOut(client, next, options.counting(shown, rows), { counting: true, updatedAt })
  else return false
  return true
}

/**
 * Shows a first page the page worked out, as of `updatedAt` (what it was worked out from): the whole answer, or
 * its first rows while main counts the rest (`counting`), main being asked at once.
 */
export function showWorkedOut<Page extends { total: number }>(
  client: QueryClient,
  next: { queryKey: QueryKey; queryFn: () => Promise<Page> },
  page: Page,
  how: { counting: boolean; updatedAt: number },
): void {
  const { updatedAt } = how
  if (!how.counting) {
    client.setQueryData<Page>(next.queryKey, page, { updatedAt })
    return
  }
  client.setQueryData<MaybeCounting<Page>>(next.queryKey, { ...page, counting: true }, { updatedAt })
  void client.fetchQuery({ ...next, staleTime: 0 }).catch(() => {
    // The page's error shows where the rows are read; the rows worked out stay.
  })
}

/**
 * Asks for what `asks` lists when the page is first idle, and again after each change of `key` once it has
 * stayed the same for `settleMs`: the pages a likely next click shows (each status of the board, each role of
 * the catalog), so that click shows them at once. They are asked one after another, each once the one before
 * has been answered, so a click or a keystroke meanwhile waits behind one of them at most; leaving the screen
 * drops the rest. A new key does not: what was being asked for is what the screen showed a moment ago, and
 * the pages of its next clicks may still be wanted; the new key's pages come first. Nothing is asked while
 * the person types or clicks: at each change of `key` the asks pause until it has settled and the page is
 * idle. A null `key` (the screen does not yet know what to ask for) asks nothing, and the first key after it
 * counts as the first.
 */
export function usePrefetchWhenIdle(
  key: string | null,
  asks: () => readonly (() => Promise<unknown>)[],
  settleMs = 500,
): void {
  const latest = useRef(asks)
  latest.current = asks
  const state = useRef({
    queue: [] as (() => Promise<unknown>)[],
    /** When `key` last changed (Date.now), after the first. */
    changedAt: Number.NEGATIVE_INFINITY,
    asking: false,
    shown: false,
    closed: false,
  })
  useEffect(() => {
    const current = state.current
    current.closed = false
    return () => {
      current.closed = true
      current.queue = []
    }
  }, [])
  useEffect(() => {
    if (key === null) return
    const current = state.current
    const first = !current.shown
    current.shown = true
    if (!first) current.changedAt = Date.now()
    const settled = setTimeout(
      () => {
        current.queue = [...latest.current(), ...current.queue]
        void askInTurn(current, settleMs)
      },
      first ? 0 : settleMs,
    )
    return () => clearTimeout(settled)
  }, [key, settleMs])
}

/** Asks what is queued, one after another, each once the key has settled and the page has been idle since. */
async function askInTurn(
  state: { queue: (() => Promise<unknown>)[]; changedAt: number; asking: boolean; closed: boolean },
  settleMs: number,
): Promise<void> {
  if (state.asking) return
  state.asking = true
  try {
    let rested = false
    while (!state.closed) {
      const wait = state.changedAt + settleMs - Date.now()
      if (wait > 0 || !rested) {
        await idleAfter(Math.max(0, wait))
        rested = true
        continue
      }
      const ask = state.queue.shift()
      if (!ask) return
      await ask().catch(() => {
        // A page main could not answer is asked again when shown, and its error shows there.
      })
    }
  } finally {
    state.asking = false
  }
}

/** Resolves when the page is next idle, `ms` from now at the earliest. */
const idleAfter = (ms: number) =>
  new Promise<void>((resolve) => {
    const idle = () => window.requestIdleCallback(() => resolve(), { timeout: 2000 })
    if (ms > 0) setTimeout(idle, ms)
    else idle()
  })
