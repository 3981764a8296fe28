import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSlices } from './use-slices.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// Frames come when the test says so.
let frames: FrameRequestCallback[] = []
vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
vi.stubGlobal('cancelAnimationFrame', () => {})
const nextFrame = () =>
  act(() => {
    const due = frames
    frames = []
    for (const callback of due) callback(0)
  })

function List(props: { total: number; identity: string }) {
  return <output>{useSlices(props.total, props.identity)}</output>
}

afterEach(() => {
  document.body.innerHTML = ''
  frames = []
})

describe('useSlices', () => {
  it('builds a new long list a slice per frame, then follows every change at once', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    const root = createRoot(container)
    const built = () => Number(container.textContent)
    await act(async () => root.render(<List total={30} identity="first" />))
    expect(built()).toBe(8)
    const seen = [built()]
    while (frames.length > 0) {
      await nextFrame()
      seen.push(built())
    }
    expect(seen).toEqual([8, 16, 24, 30])
    // One more item in the same list: there in the same render.
    await act(async () => root.render(<List total={31} identity="first" />))
    expect(built()).toBe(31)
    expect(frames).toEqual([])
    // Another list starts from a slice again; a short one is whole at once.
    await act(async () => root.render(<List total={30} identity="second" />))
    expect(built()).toBe(8)
    await act(async () => root.render(<List total={5} identity="third" />))
    expect(built()).toBe(5)
    root.unmount()
  })
})
