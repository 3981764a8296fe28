// Each screen's address and the parameters it keeps there (`/videos?status=failed`), read by the window's router
// and by the links the app opens from outside (gateway-desk://): a misspelt name or screen is a type error,
// and a parameter no screen declares is never read.
import { videoStatuses } from './api/video-statuses.ts'
import { sortColumns } from './domain/catalog-view.ts'
import type { screenList } from './screens.ts'

/** A parameter that takes any text (an id, a search); the others list the values they take. */
const text = 'text'

/** Each screen's address and the parameters it keeps there. */
export const routes = {
  '/decisions': { view: ['build', 'batch', 'runs'], model: text, batch: text, run: text, opened: ['1'] },
  '/images': { view: ['create', 'gallery'], image: text, source: text, model: text },
  '/videos': {
    status: videoStatuses,
    q: text,
    model: text,
    mode: text,
    since: text,
    job: text,
    panel: ['new', 'webhooks'],
    use: text,
  },
  '/models': {
    view: ['table', 'plot', 'compare', 'changes', 'provider'],
    model: text,
    sort: sortColumns,
    desc: ['1'],
    compare: text,
    // The filters, under the names filterToParams gives them (`provider` also names the provider page).
    q: text,
    provider: text,
    in: text,
    out: text,
    minContext: text,
    maxPrice: text,
    param: text,
    role: text,
  },
  '/playground': { tab: ['messages', 'generate', 'caches', 'saved'], model: text, conversation: text },
  '/settings': { section: ['spend'], add: ['profile'] },
} as const satisfies Record<ScreenPath, Record<string, typeof text | readonly string[]>>

export type ScreenPath = (typeof screenList)[number]['path']
type Declared<S extends ScreenPath> = (typeof routes)[S]
type ValueOf<D> = D extends readonly string[] ? D[number] : string

/** A screen's parameters as read from the address: only its declared names, absent when missing or empty. */
export type RouteParams<S extends ScreenPath> = {
  readonly [K in keyof Declared<S>]?: ValueOf<Declared<S>[K]>
}
/** Changes to a screen's parameters: a value sets one; null, '' or undefined removes it. */
export type RouteChanges<S extends ScreenPath> = {
  [K in keyof Declared<S>]?: ValueOf<Declared<S>[K]> | '' | null
}

/** The screen an address belongs to (`/videos?job=1` → `/videos`). */
export const screenOf = (path: string): string => `/${path.split(/[/?]/)[1] ?? ''}`

export const queryOf = (path: string): string => (path.includes('?') ? path.slice(path.indexOf('?') + 1) : '')

/** The declared parameters of `screen` in `path`; other names, empty values and values outside a closed
 * set are left out, and so is everything when `path` is another screen's. */
export function readRouteParams<S extends ScreenPath>(screen: S, path: string): RouteParams<S> {
  if (screenOf(path) !== screen) return {}
  const query = new URLSearchParams(queryOf(path))
  const params: Record<string, string> = {}
  for (const [name, values] of Object.entries(
    routes[screen] as Record<string, typeof text | readonly string[]>,
  )) {
    const value = query.get(name)
    if (value && (values === text || values.includes(value))) params[name] = value
  }
  return params as RouteParams<S>
}
