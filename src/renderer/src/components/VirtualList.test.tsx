import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { scrollTopShowing, VirtualList } from './VirtualList.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.innerHTML = ''
})

/** A list of 1,000 rows whose filter is `filter`; what the page writes to its scroll position is recorded. */
function filteredList() {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  const render = (filter: string) =>
    act(() =>
      root.render(
        <VirtualList
          count={1000}
          rowHeight={40}
          label="Rows"
          rowKey={(index) => index}
          renderRow={(index) => `${filter} ${index}`}
          scrollKey={filter}
        />,
      ),
    )
  const written: number[] = []
  const viewport = () => container.querySelector('.virtual-list') as HTMLElement
  const watch = () => {
    const element = viewport()
    let position = 0
    Object.defineProperty(element, 'scrollTop', {
      configurable: true,
      get: () => position,
      set: (value: number) => {
        written.push(value)
        position = value
      },
    })
    return {
      scrollTo: (value: number) =>
        act(() => {
          position = value
          element.dispatchEvent(new Event('scroll'))
        }),
    }
  }
  return { render, written, watch, unmount: () => act(() => root.unmount()) }
}

describe('VirtualList', () => {
  it('shows a new filter from the top, and leaves a list already there as it is', async () => {
    const list = filteredList()
    await list.render('a')
    const viewport = list.watch()
    // At the top already: a new filter writes no position (which would lay the page out in the keystroke).
    await list.render('ab')
    expect(list.written).toEqual([])
    // Scrolled down, a new filter's rows are shown from the top.
    await viewport.scrollTo(4000)
    await list.render('abc')
    expect(list.written).toEqual([0])
    expect(document.querySelector('li')?.textContent).toBe('abc 0')
    // The same filter again keeps the place.
    await viewport.scrollTo(800)
    await list.render('abc')
    expect(list.written).toEqual([0])
    await list.unmount()
  })

  it('tells assistive technology how long the list is and where each item stands, wherever it is scrolled', async () => {
    const list = filteredList()
    await list.render('a')
    const viewport = list.watch()
    await viewport.scrollTo(40 * 500)
    const items = [...document.querySelectorAll('li')]
    expect(items.length).toBeGreaterThan(0)
    expect(items.every((item) => item.getAttribute('aria-setsize') === '1000')).toBe(true)
    const first = items[0]
    expect(first?.getAttribute('aria-posinset')).toBe(String(Number(first?.textContent?.split(' ')[1]) + 1))
    await list.unmount()
  })

  it('lets the keyboard reach every row of a table, one row in the tab order at a time', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    const root = createRoot(container)
    await act(() =>
      root.render(
        <VirtualList
          semantics="rows"
          keyboard
          count={1000}
          rowHeight={40}
          label="Rows"
          rowKey={(index) => index}
          renderRow={(index, focus) => (
            // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: as the tables draw their rows (their tab stop is in focus)
            <div role="row" aria-rowindex={index + 2} {...focus}>{`row ${index}`}</div>
          )}
        />,
      ),
    )
    const stops = () =>
      [...container.querySelectorAll('[role="row"][tabindex="0"]')].map((row) => row.textContent)
    const press = (key: string) =>
      act(() => {
        document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
      })
    expect(stops()).toEqual(['row 0'])
    container.querySelector<HTMLElement>('[data-row-index="0"]')?.focus()
    // The last row is far out of view: drawn, scrolled to and focused.
    await press('End')
    expect(document.activeElement?.textContent).toBe('row 999')
    expect(stops()).toEqual(['row 999'])
    await press('ArrowUp')
    expect(document.activeElement?.textContent).toBe('row 998')
    await press('Home')
    expect(document.activeElement?.textContent).toBe('row 0')
    await press('ArrowDown')
    expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('3')
    await act(() => root.unmount())
  })

  it('scrolls the least that shows a row whole, and not at all for a row in view', () => {
    const view = { count: 100, rowHeight: 40, height: 400 }
    expect(scrollTopShowing({ ...view, index: 5, scrollTop: 0 })).toBe(0)
    expect(scrollTopShowing({ ...view, index: 20, scrollTop: 0 })).toBe(21 * 40 - 400)
    expect(scrollTopShowing({ ...view, index: 3, scrollTop: 400 })).toBe(120)
    expect(scrollTopShowing({ ...view, index: 99, scrollTop: 0 })).toBe(100 * 40 - 400)
  })
})
