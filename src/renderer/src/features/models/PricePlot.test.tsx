import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { PricePlot, type PricePoints, pointedPointsLimit } from './PricePlot.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.innerHTML = ''
})

/** The store's answer for `count` models, named when they are few enough to point at. */
const pointsOf = (count: number): PricePoints => ({
  contexts: Array.from({ length: count }, (_, i) => 1000 * (i + 1)),
  prices: Array.from({ length: count }, () => 1),
  models:
    count <= pointedPointsLimit
      ? Array.from({ length: count }, (_, i) => ({ id: `p/m-${i}`, name: `Model ${i}`, prompt: '0.000001' }))
      : null,
  total: count + 3,
  fetchedAt: 1,
})

async function plot(count: number) {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () => root.render(<PricePlot points={pointsOf(count)} onOpen={() => {}} />))
  return {
    points: container.querySelectorAll('[role="button"]').length,
    crowd: container.querySelectorAll('.price-plot__crowd').length,
    caption: container.querySelector('figcaption')?.textContent ?? '',
    unmount: () => act(() => root.unmount()),
  }
}

describe('PricePlot', () => {
  it('draws each model as a point to open, up to a thousand', async () => {
    const shown = await plot(pointedPointsLimit)
    expect(shown.points).toBe(pointedPointsLimit)
    expect(shown.crowd).toBe(0)
    expect(shown.caption).toContain('click to open it')
    expect(shown.caption).toContain('3 without a context length or prompt price are not drawn')
    await shown.unmount()
  })

  it('draws more models as one shape, and says how to point at one', async () => {
    const shown = await plot(pointedPointsLimit + 1)
    expect(shown.points).toBe(0)
    expect(shown.crowd).toBe(1)
    expect(shown.caption).toContain('1,001 models')
    expect(shown.caption).toContain('Narrow the filters to 1,000 models or fewer')
    await shown.unmount()
  })
})
