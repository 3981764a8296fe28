import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { Tabs } from './Tabs.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.innerHTML = ''
})

const options = [
  { value: 'table', label: 'Table' },
  { value: 'plot', label: 'Plot' },
] as const

async function tabsShowing(value: string) {
  const container = document.createElement('div')
  document.body.append(container)
  await act(async () =>
    createRoot(container).render(<Tabs label="View" options={options} value={value} onChange={() => {}} />),
  )
  return [...container.querySelectorAll<HTMLButtonElement>('[role="tab"]')].map((tab) => ({
    name: tab.textContent,
    selected: tab.getAttribute('aria-selected'),
    stop: tab.tabIndex === 0,
  }))
}

describe('Tabs', () => {
  it('puts the Tab stop on the chosen tab', async () => {
    expect(await tabsShowing('plot')).toEqual([
      { name: 'Table', selected: 'false', stop: false },
      { name: 'Plot', selected: 'true', stop: true },
    ])
  })

  it('keeps a Tab stop when the view shown is none of them', async () => {
    expect(await tabsShowing('provider')).toEqual([
      { name: 'Table', selected: 'false', stop: true },
      { name: 'Plot', selected: 'false', stop: false },
    ])
  })
})
