// A list that renders only the rows in view, so ten thousand items scroll like ten.
import { type ReactNode, useEffect, useRef, useState } from 'react'
import './virtual-list.css'

export function VirtualList<T>(props: {
  items: readonly T[]
  rowHeight: number
  label: string
  renderRow: (item: T, index: number) => ReactNode
  getKey: (item: T) => string
  overscan?: number
  /**
   * Keep the rows' elements by position rather than by item: when the items change under a filter, rows are
   * updated in place instead of being removed and built again.
   */
  keyByPosition?: boolean
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
  const overscan = props.overscan ?? 6
  const first = Math.max(0, Math.floor(scrollTop / props.rowHeight) - overscan)
  const last = Math.min(props.items.length, Math.ceil((scrollTop + height) / props.rowHeight) + overscan)
  const visible = props.items.slice(first, last)
  return (
    <div
      ref={viewport}
      className="virtual-list"
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <ul
        aria-label={props.label}
        className="virtual-list__items"
        style={{ height: props.items.length * props.rowHeight }}
      >
        {visible.map((item, offset) => (
          <li
            key={props.keyByPosition ? first + offset : props.getKey(item)}
            className="virtual-list__row"
            style={{
              transform: `translateY(${(first + offset) * props.rowHeight}px)`,
              height: props.rowHeight,
            }}
          >
            {props.renderRow(item, first + offset)}
          </li>
        ))}
      </ul>
    </div>
  )
}
