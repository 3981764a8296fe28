// A long list read a page at a time: how many rows there are, and the pages around the rows in view, asked for
// as the person scrolls. The list's owner (main) filters and sorts; the page holds only what it shows.
import { type QueryKey, useQueries } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { VisibleRange } from './components/VirtualList.tsx'

export function usePagedRows<Page extends { total: number }, Row>(options: {
  pageSize: number
  /** The key of one page; pages of another filter or order have other keys. */
  keyOf: (page: number) => QueryKey
  read: (offset: number, limit: number) => Promise<Page>
  rowsOf: (page: Page) => readonly Row[]
}) {
  const { pageSize } = options
  const [range, setRange] = useState<VisibleRange>({ first: 0, last: 0 })
  const firstPage = Math.floor(range.first / pageSize)
  const lastPage = Math.floor(Math.max(range.last - 1, 0) / pageSize)
  const numbers = [0]
  for (let page = Math.max(1, firstPage); page <= lastPage; page++) numbers.push(page)
  const pages = useQueries({
    queries: numbers.map((page) => ({
      queryKey: options.keyOf(page),
      queryFn: () => options.read(page * pageSize, pageSize),
      // The rows shown stay until the new ones arrive: a keystroke never blanks the list.
      placeholderData: <T>(previous: T | undefined) => previous,
    })),
  })
  // The same pages give the same `rowAt`, so a list that only re-renders around them can skip the work.
  const datas = pages.map((page) => page.data)
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
    head: head?.data,
    total: head?.data?.total ?? 0,
    isSuccess: head?.isSuccess ?? false,
    error: pages.find((page) => page.error)?.error ?? null,
    refetch: () => Promise.all(pages.map((page) => page.refetch())),
    loaded: datas.flatMap((data) => (data ? options.rowsOf(data) : [])),
    /** Undefined for a row whose page is still on its way; the same function while the pages are the same. */
    rowAt,
    onRange: setRange,
  }
}
