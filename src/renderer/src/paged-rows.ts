// A long list read a page at a time: how many rows there are (the first page says), and the pages around the
// rows in view, asked for as the person scrolls. The list's owner (main, its data worker) filters and sorts; a
// page nobody shows any more is cancelled on its way (TanStack Query's signal reaches main).
import { type QueryFunctionContext, type QueryKey, useQueries } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { VisibleRange } from './components/VirtualList.tsx'

export function usePagedRows<Page extends { total: number | null }, Row>(options: {
  pageSize: number
  /** The query of one page (numbered from 0); pages of another filter or order have other keys. */
  pageOf: (page: number) => { queryKey: QueryKey; queryFn: (context: QueryFunctionContext) => Promise<Page> }
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
