// For tests of the page: a component rendered as the window renders it, with a query client and a bridge the
// test gives, unmounted however the test ends.
import { QueryClientProvider } from '@tanstack/react-query'
import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { onTestFinished } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { createQueryClient } from './ipc.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** Gives the page `bridge` and renders `element`; `rerender` renders another element in its place. */
export async function renderInPage(element: ReactNode, bridge: Bridge) {
  Object.defineProperty(window, 'bridge', { value: bridge, configurable: true })
  // The client listens to main's events through the bridge: it is made once the page has it.
  const client = createQueryClient()
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  let mounted = true
  const unmount = async () => {
    if (mounted) await act(async () => root.unmount())
    mounted = false
  }
  onTestFinished(unmount)
  const rerender = (next: ReactNode) =>
    act(async () => root.render(<QueryClientProvider client={client}>{next}</QueryClientProvider>))
  await rerender(element)
  return { container, rerender, unmount }
}

/** Lets the page's tasks run until `condition` holds. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}
