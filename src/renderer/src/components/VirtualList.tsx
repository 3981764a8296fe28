// A list that renders only the rows in view, so a million items scroll like ten. Past the height a browser can
// lay out, the scrollbar stands for the whole list and rows are placed relative to the view. As rows of a table it
// is a div with the rowgroup role (the lint's semantic-element rules are off for this file), since table elements
// cannot be placed this way.
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import './virtual-list.css'

/** Well under the tallest element browsers lay out (about 33 million pixels in Chromium). */
const tallestList = 8_000_000

export interface VisibleRange {
  first: number
  /** One past the last row in view. */
  last: number
}

/** How tall the list is laid out, and how far down the whole list one pixel of its scrollbar goes. */
function scrolling(count: number, rowHeight: number, height: number) {
  const full = count * rowHeight
  const listHeight = Math.min(full, tallestList)
  // Past the tallest list laid out, the scrollbar stands for more than it can hold.
  const scale = full > listHeight && listHeight > height ? (full - height) / (listHeight - height) : 1
  return { listHeight, scale }
}

/** Rows `first` to `last` (exclusive) for a view at `scrollTop`, and where row `first` sits in the list. */
export function rowsInView(options: {
  count: number
  rowHeight: number
  scrollTop: number
  height: number
  overscan: number
}): VisibleRange & { listHeight: number; top: number; offsetOf: (index: number) => number } {
  const { count, rowHeight, scrollTop, height, overscan } = options
  const { listHeight, scale } = scrolling(count, rowHeight, height)
  const top = scrollTop * scale
  return {
    first: Math.max(0, Math.floor(top / rowHeight) - overscan),
    last: Math.min(count, Math.ceil((top + height) / rowHeight) + overscan),
    listHeight,
    /** How far down the whole list the view starts. */
    top,
    offsetOf: (index) => index * rowHeight - top + scrollTop,
  }
}

/**
 * Where to scroll so that row `index` is wholly in a view of `height` now at `scrollTop`: the least move, none
 * when it is in view already.
 */
export function scrollTopShowing(options: {
  index: number
  count: number
  rowHeight: number
  scrollTop: number
  height: number
}): number {
  const { index, count, rowHeight, scrollTop, height } = options
  const { listHeight, scale } = scrolling(count, rowHeight, height)
  const top = scrollTop * scale
  const rowTop = index * rowHeight
  const wanted = rowTop < top ? rowTop : rowTop + rowHeight > top + height ? rowTop + rowHeight - height : top
  return Math.max(0, Math.min(wanted / scale, listHeight - height))
}

/** What a row spreads on its `role="row"` element in a list whose rows the keyboard reaches. */
export interface RowFocus {
  tabIndex?: 0 | -1
  'data-row-index'?: number
}

export function VirtualList(props: {
  count: number
  rowHeight: number
  label: string
  /** `focus` goes on the row's own element (empty unless `keyboard`). */
  renderRow: (index: number, focus: RowFocus) => ReactNode
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
  /**
   * Rows the keyboard reaches, however long the list (with `rows`): one row at a time is in the tab order, and
   * the arrow keys, Page Up, Page Down, Home and End move to another, scrolling it into view. Only the rows in
   * view exist, so tabbing alone would stop at the last of them.
   */
  keyboard?: boolean
}) {
  const viewport = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [height, setHeight] = useState(600)
  useEffect(() => {
    const element = viewport.current
    if (!element) return
    // Its height is read when the browser has laid the page out, which tells the observer of it: read here, it
    // would lay the whole page out inside the task that rendered the list.
    const observer = new ResizeObserver(() => setHeight(element.clientHeight))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  // A new filter's rows are read from the top, in the frame that shows them. Only a list scrolled away from
  // the top is scrolled back: setting the position lays the page out at once, inside the keystroke's handler.
  const shownKey = useRef(props.scrollKey)
  const backToTop = useRef(false)
  // The row that holds the tab stop, and the one to focus once it is drawn.
  const [active, setActive] = useState(0)
  const focusWanted = useRef<number | null>(null)
  if (shownKey.current !== props.scrollKey) {
    shownKey.current = props.scrollKey
    if (active !== 0) setActive(0)
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
  const keyboard = asRows && props.keyboard === true && props.count > 0
  // The tab stop stays on the active row while it is drawn; scrolled away by other means, it is on the first
  // row in view, so that Tab always enters the table where the person sees it.
  const current = Math.min(active, props.count - 1)
  const inView = Math.min(props.count - 1, Math.ceil(view.top / props.rowHeight))
  const tabStop = current >= first && current < last ? current : Math.max(0, inView)
  useLayoutEffect(() => {
    const index = focusWanted.current
    if (index === null) return
    focusWanted.current = null
    const row = viewport.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`)
    row?.focus({ preventScroll: true })
    // In view in the list already; the page around it may have the list partly out of the window.
    row?.scrollIntoView({ block: 'nearest' })
  })
  const moveTo = (index: number) => {
    const element = viewport.current
    if (!element) return
    const next = Math.max(0, Math.min(props.count - 1, index))
    const top = scrollTopShowing({
      index: next,
      count: props.count,
      rowHeight: props.rowHeight,
      scrollTop,
      height,
    })
    if (top !== scrollTop) {
      element.scrollTop = top
      setScrollTop(top)
    }
    setActive(next)
    focusWanted.current = next
  }
  const rowOf = (target: EventTarget) =>
    target instanceof HTMLElement && target.dataset.rowIndex !== undefined
      ? Number(target.dataset.rowIndex)
      : null
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys pressed in a row's own controls (a button) do what they do there.
    const index = rowOf(event.target)
    if (index === null || event.altKey || event.ctrlKey || event.metaKey) return
    const page = Math.max(1, Math.floor(height / props.rowHeight) - 1)
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: 0,
      End: props.count - 1,
    }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    moveTo(next)
  }
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    // A click on a row, or a control in it, makes it the row the keys move from.
    const row = event.target.closest<HTMLElement>('[data-row-index]')
    if (row && viewport.current?.contains(row)) setActive(Number(row.dataset.rowIndex))
  }
  const shown: number[] = []
  for (let index = first; index < last; index++) shown.push(index)
  // The row the keys move from stays drawn while it is scrolled out of view (by the wheel, or a smaller window):
  // had it the focus, the focus would be lost with it.
  if (keyboard && current >= 0 && (current < first || current >= last))
    current < first ? shown.unshift(current) : shown.push(current)
  const rows: ReactNode[] = []
  for (const index of shown) {
    const key = props.rowKey(index)
    const offset = Math.max(0, Math.min(view.offsetOf(index), view.listHeight - props.rowHeight))
    const place = {
      className: 'virtual-list__row',
      style: { transform: `translateY(${offset}px)`, height: props.rowHeight },
    }
    const focus: RowFocus = keyboard ? { tabIndex: index === tabStop ? 0 : -1, 'data-row-index': index } : {}
    rows.push(
      asRows ? (
        <div key={key} {...place} role="presentation">
          {props.renderRow(index, focus)}
        </div>
      ) : (
        <li key={key} {...place} aria-setsize={props.count} aria-posinset={index + 1}>
          {props.renderRow(index, focus)}
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
        <div role="rowgroup" {...items} {...(keyboard ? { onKeyDown, onFocus } : {})}>
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
  render: (item: T, index: number, focus: RowFocus) => ReactNode,
) {
  return {
    count: items.length,
    rowKey: (index: number) => key(items[index] as T, index),
    renderRow: (index: number, focus: RowFocus) => render(items[index] as T, index, focus),
  }
}
