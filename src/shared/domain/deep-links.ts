// Links to the app from outside it (gateway-desk://videos/<job id>): each is read into an address of a screen,
// or refused with the reason in words. A link only navigates: every address it can give opens a screen, a
// panel or an item to look at, and nothing is created, sent, spent or imported without the person in the
// window. Only what a screen declares is read; anything else refuses the whole link.
import { readRouteParams, routes, type ScreenPath } from '../screen-routes.ts'
import { screenList } from '../screens.ts'

export const linkScheme = 'gateway-desk'
const maxLinkLength = 2048
/** Ids the service and the app give: letters, digits and a few marks (a model id has a slash). */
const idShape = /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,199}$/

export type OpenedLink = { ok: true; path: string } | { ok: false; reason: string }

const refuse = (reason: string): OpenedLink => ({ ok: false, reason })
const invisible = /[\p{Cc}\p{Cf}]/u
/**
 * A part of the link quoted in a reason, as it was checked: a control or direction mark is shown as its code
 * (`job\u{0}-1`), never dropped, so the quote never reads as something the link did not hold. Short.
 */
const part = (text: string) => {
  const shown = text.replace(/[\p{Cc}\p{Cf}]/gu, (mark) => `\\u{${mark.codePointAt(0)?.toString(16)}}`)
  return shown.length > 40 ? `${shown.slice(0, 39)}…` : shown
}
/** An id's path: no empty, `.` or `..` part, which a request path would read as a move up. */
const plainIdPath = (value: string) =>
  value.split('/').every((piece) => piece !== '' && piece !== '.' && piece !== '..')

/** The item a link's path names on each screen: `videos/<id>` is a job, `decisions/runs/<id>` a run. */
const items: Record<string, Record<string, string>> = {
  videos: { '': 'job' },
  models: { '': 'model' },
  images: { '': 'image' },
  decisions: { runs: 'run', batches: 'batch' },
}
/** The view an item opens in, where the screen has several. */
const itemViews: Record<string, Record<string, string>> = {
  decisions: { run: 'runs', batch: 'batch' },
}

/** The address a link opens, or why it opens nothing. */
export function pathOfLink(raw: string): OpenedLink {
  if (raw.length > maxLinkLength) return refuse('it is longer than any link the app makes.')
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return refuse('it is not a link.')
  }
  if (url.protocol !== `${linkScheme}:`) return refuse(`it is not a ${linkScheme}:// link.`)
  if (url.username || url.password || url.port || url.hash)
    return refuse('it has parts the app’s links never have.')
  const screen = screenList.find((one) => one.id === url.hostname)
  if (!screen) return refuse(`the app has no screen called “${part(url.hostname)}”.`)
  const query = new URLSearchParams(url.search)
  const declared = routes[screen.path] as Record<string, unknown>
  for (const [name, value] of query) {
    if (!(name in declared)) return refuse(`the ${screen.label} screen does not take “${part(name)}”.`)
    if (invisible.test(value))
      return refuse(
        `“${part(value)}” holds a control or direction mark, which no search or value of the app has.`,
      )
    const namesAnItem = Object.values(items[screen.id] ?? {}).includes(name)
    if (namesAnItem && (!idShape.test(value) || !plainIdPath(value)))
      return refuse(`“${part(value)}” is not an id the app gives.`)
  }
  let rest: string
  try {
    rest = decodeURIComponent(url.pathname.replace(/^\/+/, ''))
  } catch {
    return refuse('it has a broken %-escape.')
  }
  if (rest) {
    // `videos/<id>`: the screen's own item; `decisions/runs/<id>`: an item of one of its views.
    const direct = items[screen.id]?.['']
    const [kind = '', ...id] = rest.split('/')
    const name = direct ?? items[screen.id]?.[kind]
    const value = direct ? rest : id.join('/')
    if (!name) return refuse(`the ${screen.label} screen has nothing at “${part(rest)}”.`)
    if (invisible.test(value))
      return refuse(`“${part(value)}” holds a control or direction mark, which no id has.`)
    if (!idShape.test(value) || !plainIdPath(value))
      return refuse(`“${part(value)}” is not an id the app gives.`)
    query.set(name, value)
    const view = itemViews[screen.id]?.[name]
    if (view) query.set('view', view)
  }
  const path = query.size ? `${screen.path}?${query}` : screen.path
  // Every value must be one the screen takes (a status it knows, a sort column it has).
  const read = readRouteParams(screen.path as ScreenPath, path) as Record<string, string>
  for (const [name, value] of query)
    if (read[name] !== value)
      return refuse(`the ${screen.label} screen does not take ${part(name)}=${part(value)}.`)
  return { ok: true, path }
}

/** The link that opens an address of the app (`/videos?job=<id>` → gateway-desk://videos/<id>). */
export function linkOfPath(path: string): string {
  const [base = '/', search = ''] = path.split('?')
  const screen = screenList.find((one) => one.path === base)
  if (!screen) throw new Error(`${path} is not an address of the app`)
  const query = new URLSearchParams(search)
  let item = ''
  for (const [kind, name] of Object.entries(items[screen.id] ?? {})) {
    const value = query.get(name)
    if (!value || item) continue
    item = `/${kind ? `${kind}/` : ''}${value.split('/').map(encodeURIComponent).join('/')}`
    query.delete(name)
    if (itemViews[screen.id]?.[name] === query.get('view')) query.delete('view')
  }
  return `${linkScheme}://${screen.id}${item}${query.size ? `?${query}` : ''}`
}
