import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { VirtualList } from './VirtualList.tsx'

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
})
