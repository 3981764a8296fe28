import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { PricePlot, type PricePoints, pointedPointsLimit } from './PricePlot.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.innerHTML = ''
})

/** The store's answer for `count` models, named when they are few enough to point at. */
const pointsOf = (count: number, spread = true): PricePoints => ({
  contexts: Array.from({ length: count }, (_, i) => (spread ? 1000 * (i + 1) : 8192)),
  prices: Array.from({ length: count }, () => 1),
  models:
    count <= pointedPointsLimit
      ? Array.from({ length: count }, (_, i) => ({ id: `p/m-${i}`, name: `Model ${i}`, prompt: '0.000001' }))
      : null,
  total: count + 3,
  fetchedAt: 1,
})

async function plot(count: number, spread = true) {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () => root.render(<PricePlot points={pointsOf(count, spread)} onOpen={() => {}} />))
  return {
    points: container.querySelectorAll('[role="button"]').length,
    crowd: container.querySelectorAll('.price-plot__crowd').length,
    crowded: container.querySelectorAll('.price-plot__crowd--3').length,
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

  it('draws more models as shapes, shaded by how many share a place, and says how to point at one', async () => {
    const shown = await plot(pointedPointsLimit + 1)
    expect(shown.points).toBe(0)
    expect(shown.crowd).toBeGreaterThan(0)
    expect(shown.crowded).toBe(0)
    expect(shown.caption).toContain('1,001 models')
    expect(shown.caption).toContain('Narrow the filters to 1,000 models or fewer')
    await shown.unmount()
  })

  it('shades a place darkest where a hundred models or more fall on it', async () => {
    const shown = await plot(pointedPointsLimit + 1, false)
    expect(shown.crowd).toBe(1)
    expect(shown.crowded).toBe(1)
    await shown.unmount()
  })
})
