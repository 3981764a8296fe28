import { act, createElement, useReducer } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emptyFilter, filterToParams, type ModelFilter } from '#shared/domain/catalog-view'
import { filterOfRoute, routeOfFilter } from './features/models/ModelFilters.tsx'
import {
  navigate,
  pathTo,
  type RouteParams,
  readRouteParams,
  routes,
  setRouteParams,
  shownPath,
  useRouteParams,
  useRouteScreen,
} from './router.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const hashPath = () => window.location.hash.replace(/^#/, '')

/** Settles once the page has been idle: what the screens show has been written to the window's address. */
const addressWritten = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(async () => {
  await addressWritten()
  window.location.hash = '/'
  // Its hashchange comes before the test starts.
  await addressWritten()
})

describe('reading a screen’s parameters', () => {
  it('keeps only the declared names with a value, and closed sets only their values', () => {
    const params = readRouteParams('/videos', '/videos?status=failed&job=&jbo=abc&panel=nope&q=cat')
    expect(params).toEqual({ status: 'failed', q: 'cat' })
    expect(readRouteParams('/videos', '/videos?status=lost')).toEqual({})
    expect(readRouteParams('/models', '/models?sort=prompt&desc=1&view=plot')).toEqual({
      sort: 'prompt',
      desc: '1',
      view: 'plot',
    })
    expect(readRouteParams('/models', '/models?sort=price&desc=yes')).toEqual({})
  })

  it('reads nothing from another screen’s address', () => {
    expect(readRouteParams('/images', '/decisions?model=a&view=batch')).toEqual({})
    expect(readRouteParams('/images', '/imagesx?model=a')).toEqual({})
    expect(readRouteParams('/settings', '/settings?anything=1')).toEqual({})
  })
})

describe('addresses built by pathTo', () => {
  const awkward = 'a b&c=d/é?#+%日本'

  it('encodes values so that they read back unchanged', () => {
    const path = pathTo('/images', { source: awkward, model: 'aurora/flash-2' })
    expect(path.startsWith('/images?')).toBe(true)
    expect(path).not.toMatch(/[ &]c=|[#é日]/)
    expect(readRouteParams('/images', path)).toEqual({ source: awkward, model: 'aurora/flash-2' })
  })

  it('leaves out empty values, and is the bare screen without any', () => {
    expect(pathTo('/decisions')).toBe('/decisions')
    expect(pathTo('/decisions', { model: '', batch: null, view: 'batch' })).toBe('/decisions?view=batch')
    expect(pathTo('/videos', { panel: 'new', use: 'x/y' })).toBe('/videos?panel=new&use=x%2Fy')
  })

  it('survive the trip through the window’s address', async () => {
    navigate(pathTo('/videos', { q: awkward, status: 'pending' }))
    await addressWritten()
    expect(readRouteParams('/videos', hashPath())).toEqual({ q: awkward, status: 'pending' })
  })
})

describe('setRouteParams', () => {
  it('changes the named parameters, keeps the others and removes emptied ones', () => {
    navigate('/videos?status=failed&job=abc&q=cat&extra=kept')
    setRouteParams('/videos', { job: null, q: '', panel: 'new', model: 'm 1' })
    const query = new URLSearchParams(shownPath().split('?')[1])
    expect([...query.entries()]).toEqual([
      ['status', 'failed'],
      ['extra', 'kept'],
      ['panel', 'new'],
      ['model', 'm 1'],
    ])
    setRouteParams('/videos', { status: undefined, model: 'm 2' })
    expect(shownPath()).toBe('/videos?extra=kept&panel=new&model=m+2')
  })

  it('goes back to the bare screen when the last parameter is removed', () => {
    navigate('/images?view=gallery')
    setRouteParams('/images', { view: null })
    expect(shownPath()).toBe('/images')
  })

  it('does nothing while another screen shows', () => {
    navigate('/images?view=gallery')
    setRouteParams('/decisions', { batch: 'b1' })
    expect(shownPath()).toBe('/images?view=gallery')
  })
})

describe('the window’s address', () => {
  it('is written at once, and the screens show the change at once', () => {
    navigate('/videos?status=failed')
    setRouteParams('/videos', { q: 'cat' })
    expect(hashPath()).toBe('/videos?status=failed&q=cat')
    expect(shownPath()).toBe('/videos?status=failed&q=cat')
  })
})

describe('useRouteParams', () => {
  let root: Root | undefined
  afterEach(() => {
    act(() => root?.unmount())
    root = undefined
  })

  it('gives the same object until the address changes', () => {
    const seen: RouteParams<'/videos'>[] = []
    let rerender = () => {}
    function Probe() {
      const [, force] = useReducer((n: number) => n + 1, 0)
      rerender = force
      seen.push(useRouteParams('/videos'))
      return null
    }
    navigate('/videos?job=abc&typo=1')
    root = createRoot(document.createElement('div'))
    act(() => root?.render(createElement(Probe)))
    act(() => rerender())
    expect(seen.length).toBe(2)
    expect(seen[1]).toBe(seen[0])
    expect(seen[0]).toEqual({ job: 'abc' })

    act(() => setRouteParams('/videos', { job: 'def' }))
    expect(seen.at(-1)).toEqual({ job: 'def' })
    expect(seen.at(-1)).not.toBe(seen[0])
  })

  it('renders what reads only the screen again when the screen changes, not at each change of its parameters', () => {
    const screens: string[] = []
    function Shell() {
      screens.push(useRouteScreen())
      return null
    }
    navigate('/videos')
    root = createRoot(document.createElement('div'))
    act(() => root?.render(createElement(Shell)))
    for (const text of ['t', 'ta', 'tak']) act(() => setRouteParams('/videos', { q: text }))
    act(() => setRouteParams('/videos', { status: 'failed' }))
    expect(screens).toEqual(['/videos'])
    act(() => navigate(pathTo('/models')))
    expect(screens).toEqual(['/videos', '/models'])
  })
})

describe('the Models filters in the address', () => {
  const everything: ModelFilter = {
    text: 'flash image',
    provider: 'aurora',
    input: 'image',
    output: 'text',
    minContext: 32_000,
    maxPrice: '0.5',
    parameter: 'tools',
    role: 'image',
  }

  it('are all declared parameters of /models', () => {
    const declared = Object.keys(routes['/models'])
    for (const name of Object.keys(filterToParams(everything))) expect(declared).toContain(name)
  })

  it('read back as the filter that was written', () => {
    const path = pathTo('/models', { ...routeOfFilter(everything), view: 'plot' })
    expect(filterOfRoute(readRouteParams('/models', path))).toEqual(everything)
    expect(filterOfRoute(readRouteParams('/models', pathTo('/models', routeOfFilter(emptyFilter))))).toEqual(
      emptyFilter,
    )
  })
})

describe('parameter names and values are checked when compiling', () => {
  it('refuses undeclared names, screens and values (tsc -b checks the expectations below)', () => {
    const misuses = () => {
      // @ts-expect-error a misspelt parameter
      setRouteParams('/videos', { jbo: null })
      // @ts-expect-error a parameter of another screen
      pathTo('/images', { job: 'abc' })
      // @ts-expect-error a misspelt screen
      pathTo('/imgaes', { source: 'abc' })
      // @ts-expect-error a value outside the closed set
      setRouteParams('/videos', { panel: 'nwe' })
      // @ts-expect-error reading an undeclared parameter
      return readRouteParams('/decisions', '/decisions').job
    }
    expect(misuses).toBeTypeOf('function')
  })
})
