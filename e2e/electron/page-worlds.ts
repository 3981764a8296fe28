// The two scripts the stand-in puts in every page before the app's own: one in the page's main world that
// receives what the preload exposes, and one in an isolated world (as Electron's context isolation does)
// that runs the built preload with `require('electron')` giving `contextBridge` and `ipcRenderer`.
// Values cross between the worlds only inside DOM events, which Chromium structured-clones from one world
// to the other; functions cross as proxies, as contextBridge's do.
import { decodeWire, encodeWire } from './codec.ts'

/** The isolated world's name; the binding that carries IPC to main exists only there. */
export const preloadWorld = 'Electron Isolated Context'
export const ipcBinding = '__electronStandInIpc'
/** The main-world binding the page's permission requests go through (removed from the page's reach). */
export const permissionBinding = '__electronStandInPermission'

const shared = (nonce: string) => `
  const ev = (name) => 'electron-standin:${nonce}:' + name
  const plain = (v) => v !== null && typeof v === 'object' && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)
  const fns = new Map()
  let nextId = 1
  const toMarkers = (v, onPromise) => {
    if (typeof v === 'function') { const id = nextId++; fns.set(id, v); return { $fn: id } }
    if (v instanceof Promise && onPromise) return { $promise: onPromise(v) }
    if (Array.isArray(v)) return v.map((x) => toMarkers(x, onPromise))
    if (plain(v)) { const out = {}; for (const k of Object.keys(v)) out[k] = toMarkers(v[k], onPromise); return out }
    return v
  }
  const send = (name, detail) => document.dispatchEvent(new CustomEvent(ev(name), { detail }))
`

/** The main world: builds what the preload exposes from the description it sends, synchronously. */
export function mainWorldScript(nonce: string): string {
  return `(() => {
  ${shared(nonce)}
  const promises = new Map()
  let returned = null
  const fromMarkers = (v) => {
    if (Array.isArray(v)) return v.map(fromMarkers)
    if (plain(v) && typeof v.$fn === 'number' && Object.keys(v).length === 1) {
      const id = v.$fn
      return (...args) => {
        returned = null
        send('call', { fnId: id, args: toMarkers(args) })
        const answer = returned
        if (!answer) throw new Error('The preload function is gone')
        if (answer.threw) throw new Error(answer.value)
        return fromMarkers(answer.value)
      }
    }
    if (plain(v) && typeof v.$promise === 'number' && Object.keys(v).length === 1) {
      return new Promise((resolve, reject) => promises.set(v.$promise, { resolve, reject }))
    }
    if (plain(v)) { const out = {}; for (const k of Object.keys(v)) out[k] = fromMarkers(v[k]); return Object.freeze(out) }
    return v
  }
  document.addEventListener(ev('return'), (e) => { returned = e.detail })
  document.addEventListener(ev('settle'), (e) => {
    const { id, ok, value } = e.detail
    const waiting = promises.get(id)
    promises.delete(id)
    if (waiting) ok ? waiting.resolve(fromMarkers(value)) : waiting.reject(new Error(value))
  })
  document.addEventListener(ev('call-main'), (e) => {
    const { fnId, args } = e.detail
    const fn = fns.get(fnId)
    if (fn) try { fn(...fromMarkers(args)) } catch (error) { setTimeout(() => { throw error }) }
  })
  // Chromium sends no DevTools event when a page asks for a permission, so the APIs that ask are wrapped:
  // each request goes to the session's permission handler in main first, as Electron's do.
  const ask = globalThis.${permissionBinding}
  delete globalThis.${permissionBinding}
  const asked = new Map()
  let nextAsk = 1
  document.addEventListener(ev('permission'), (e) => {
    const { id, granted } = e.detail
    asked.get(id)?.(granted)
    asked.delete(id)
  })
  const request = (permission) =>
    new Promise((resolve) => {
      const id = nextAsk++
      asked.set(id, resolve)
      ask(JSON.stringify({ id, permission }))
    })
  const wrap = (target, name, permission, refuse) => {
    const original = target && target[name]
    if (typeof original !== 'function') return
    Object.defineProperty(target, name, {
      configurable: true,
      writable: true,
      value: { [name](...args) {
        return request(permission).then((granted) => (granted ? original.apply(this, args) : refuse(...args)))
      } }[name],
    })
  }
  const notAllowed = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
  if (typeof Notification === 'function') wrap(Notification, 'requestPermission', 'notifications', () => 'denied')
  wrap(navigator.geolocation, 'getCurrentPosition', 'geolocation', (_ok, fail) =>
    fail && fail({ code: 1, PERMISSION_DENIED: 1, message: 'User denied Geolocation' }))
  wrap(navigator.mediaDevices, 'getUserMedia', 'media', notAllowed)
  wrap(navigator.clipboard, 'readText', 'clipboard-read', notAllowed)
  wrap(navigator.clipboard, 'read', 'clipboard-read', notAllowed)
  document.addEventListener(ev('expose'), (e) => {
    const { key, api } = e.detail
    Object.defineProperty(window, key, { value: fromMarkers(api), enumerable: true })
  })
})()`
}

/** The isolated world: Electron's sandboxed-preload environment around the built preload's source. */
export function preloadWorldScript(nonce: string, preloadSource: string): string {
  return `(() => {
  if (window !== window.top) return
  const binding = globalThis.${ipcBinding}
  ${shared(nonce)}
  const encodeWire = ${encodeWire.toString()}
  const decodeWire = ${decodeWire.toString()}
  let nextPromise = 1
  const onPromise = (promise) => {
    const id = nextPromise++
    promise.then(
      (value) => send('settle', { id, ok: true, value: toMarkers(value, onPromise) }),
      (error) => send('settle', { id, ok: false, value: String(error && error.message || error) }),
    )
    return id
  }
  const fromMarkers = (v) => {
    if (Array.isArray(v)) return v.map(fromMarkers)
    if (plain(v) && typeof v.$fn === 'number' && Object.keys(v).length === 1) {
      const id = v.$fn
      return (...args) => send('call-main', { fnId: id, args: toMarkers(args, onPromise) })
    }
    if (plain(v)) { const out = {}; for (const k of Object.keys(v)) out[k] = fromMarkers(v[k]); return out }
    return v
  }
  document.addEventListener(ev('call'), (e) => {
    const { fnId, args } = e.detail
    let answer
    try {
      const fn = fns.get(fnId)
      if (!fn) throw new Error('The preload function is gone')
      answer = { value: toMarkers(fn(...fromMarkers(args)), onPromise) }
    } catch (error) {
      answer = { threw: true, value: String(error && error.message || error) }
    }
    send('return', answer)
  })
  const contextBridge = {
    exposeInMainWorld(key, api) { send('expose', { key, api: toMarkers(api, onPromise) }) },
  }
  const pending = new Map()
  const listeners = new Map()
  let nextInvoke = 1
  globalThis.__electronStandInSettle = (id, ok, value) => {
    const waiting = pending.get(id)
    pending.delete(id)
    if (!waiting) return
    ok ? waiting.resolve(decodeWire(value)) : waiting.reject(new Error(value))
  }
  globalThis.__electronStandInEmit = (channel, args) => {
    const event = { sender: ipcRenderer, senderId: 0 }
    for (const listener of [...(listeners.get(channel) || [])]) listener(event, ...decodeWire(args))
  }
  const post = (message) => binding(JSON.stringify(message))
  const ipcRenderer = {
    invoke(channel, ...args) {
      const id = nextInvoke++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        post({ kind: 'invoke', id, channel, args: encodeWire(args) })
      })
    },
    send(channel, ...args) { post({ kind: 'send', channel, args: encodeWire(args) }) },
    on(channel, listener) {
      const set = listeners.get(channel) || new Set()
      set.add(listener)
      listeners.set(channel, set)
      return ipcRenderer
    },
    removeListener(channel, listener) { listeners.get(channel)?.delete(listener); return ipcRenderer },
    removeAllListeners(channel) { listeners.delete(channel); return ipcRenderer },
  }
  const electron = { contextBridge, ipcRenderer }
  const require = (name) => {
    if (name === 'electron' || name === 'electron/renderer') return electron
    throw new Error("not stood in: require('" + name + "') in a sandboxed preload")
  }
  // Menu accelerators reach main as Electron's do when the page leaves a key alone: once the event has been
  // through every handler of the page (this listener, added first, runs before them).
  window.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey || e.altKey)) return
    setTimeout(() => {
      if (e.defaultPrevented) return
      post({ kind: 'key', key: e.key, control: e.ctrlKey, meta: e.metaKey, shift: e.shiftKey, alt: e.altKey })
    })
  })
  const module = { exports: {} }
  ;(function (require, module, exports) {
${preloadSource}
  }).call(module.exports, require, module, module.exports)
})()`
}
