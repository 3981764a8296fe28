// A list that renders only the rows in view, so a million items scroll like ten. Past the height a browser can
// lay out, the scrollbar stands for the whole list and rows are placed relative to the view. As rows of a table it
// is a div with the rowgroup role (the lint's semantic-element rules are off for this file), since table elements
// cannot be placed this way.
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import './virtual-list.css'

/** Well under the tallest element browsers lay out (about 33 million pixels in Chromium). */
const tallestList = 8_000_000

export interface VisibleRange {
  first: number
  /** One past the last row in view. */
  last: number
}

/** Rows `first` to `last` (exclusive) for a view at `scrollTop`, and where row `first` sits in the list. */
export function rowsInView(options: {
  count: number
  rowHeight: number
  scrollTop: number
  height: number
  overscan: number
}): VisibleRange & { listHeight: number; offsetOf: (index: number) => number } {
  const { count, rowHeight, scrollTop, height, overscan } = options
  const full = count * rowHeight
  const listHeight = Math.min(full, tallestList)
  // How far down the whole list the view is, when the scrollbar stands for more than it can hold.
  const scale = full > listHeight && listHeight > height ? (full - height) / (listHeight - height) : 1
  const top = scrollTop * scale
  return {
    first: Math.max(0, Math.floor(top / rowHeight) - overscan),
    last: Math.min(count, Math.ceil((top + height) / rowHeight) + overscan),
    listHeight,
    offsetOf: (index) => index * rowHeight - top + scrollTop,
  }
}

export function VirtualList(props: {
  count: number
  rowHeight: number
  label: string
  renderRow: (index: number) => ReactNode
  rowKey: (index: number) => string | number
  overscan?: number
  /** Told the rows in view whenever they change (to load them when they are not at hand). */
  onRange?: (range: VisibleRange) => void
  /** The rows shown are about to be replaced (a new filter's rows are on their way). */
  busy?: boolean
  /** What the rows are (a filter): when it changes, the list shows its first rows again. */
  scrollKey?: string
  /**
   * `list`: a list of `count` items, each with its position (`aria-setsize`, `aria-posinset`). `rows`: the rows
   * of a table whose element carries `aria-rowcount`; each row `renderRow` draws is a `role="row"` with its
   * `aria-rowindex`, and this is their row group.
   */
  semantics?: 'list' | 'rows'
}) {
  const viewport = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [height, setHeight] = useState(600)
  useEffect(() => {
    const element = viewport.current
    if (!element) return
    const observer = new ResizeObserver(() => setHeight(element.clientHeight))
    observer.observe(element)
    setHeight(element.clientHeight)
    return () => observer.disconnect()
  }, [])
  // A new filter's rows are read from the top, in the frame that shows them. Only a list scrolled away from
  // the top is scrolled back: setting the position lays the page out at once, inside the keystroke's handler.
  const shownKey = useRef(props.scrollKey)
  const backToTop = useRef(false)
  if (shownKey.current !== props.scrollKey) {
    shownKey.current = props.scrollKey
    if (scrollTop !== 0) {
      backToTop.current = true
      setScrollTop(0)
    }
  }
  useLayoutEffect(() => {
    if (!backToTop.current) return
    backToTop.current = false
    if (viewport.current) viewport.current.scrollTop = 0
  })
  const view = rowsInView({
    count: props.count,
    rowHeight: props.rowHeight,
    scrollTop,
    height,
    overscan: props.overscan ?? 6,
  })
  const { first, last } = view
  const { onRange } = props
  useEffect(() => onRange?.({ first, last }), [onRange, first, last])
  const asRows = props.semantics === 'rows'
  const rows: ReactNode[] = []
  for (let index = first; index < last; index++) {
    const key = props.rowKey(index)
    const place = {
      className: 'virtual-list__row',
      style: { transform: `translateY(${view.offsetOf(index)}px)`, height: props.rowHeight },
    }
    rows.push(
      asRows ? (
        <div key={key} {...place} role="presentation">
          {props.renderRow(index)}
        </div>
      ) : (
        <li key={key} {...place} aria-setsize={props.count} aria-posinset={index + 1}>
          {props.renderRow(index)}
        </li>
      ),
    )
  }
  const items = {
    className: 'virtual-list__items',
    style: { height: view.listHeight },
    'aria-busy': props.busy ? true : undefined,
  }
  return (
    <div
      ref={viewport}
      className="virtual-list"
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      {asRows ? (
        <div role="rowgroup" {...items}>
          {rows}
        </div>
      ) : (
        <ul aria-label={props.label} {...items}>
          {rows}
        </ul>
      )}
    </div>
  )
}

/** The count, keys and rows of a list held in memory, for `VirtualList`. */
export function itemsOf<T>(
  items: readonly T[],
  key: (item: T, index: number) => string | number,
  render: (item: T, index: number) => ReactNode,
) {
  return {
    count: items.length,
    rowKey: (index: number) => key(items[index] as T, index),
    renderRow: (index: number) => render(items[index] as T, index),
  }
}
