// The page's only way into the app: `window.bridge` with `invoke` and `on`, carried on two fixed channels.
// Main decides which route and event names exist, so this file never changes when a route is added.
import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron'
import { type Bridge, bridgeChannels } from '#shared/ipc/bridge'

const contractName = /^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+$/

type Listener = (payload: unknown) => void
const listeners = new Map<string, Set<Listener>>()

ipcRenderer.on(bridgeChannels.event, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return
  for (const listener of listeners.get(name) ?? []) listener(payload)
})

const bridge: Bridge = {
  invoke: (route, input, callId) => {
    if (typeof route !== 'string' || !contractName.test(route)) {
      return Promise.resolve({ ok: false, error: { code: 'unknown_route', message: 'Unknown route' } })
    }
    return ipcRenderer.invoke(
      bridgeChannels.invoke,
      route,
      input,
      typeof callId === 'string' ? callId : undefined,
    )
  },
  on: (event, listener) => {
    if (typeof event !== 'string' || !contractName.test(event) || typeof listener !== 'function')
      return () => {}
    const set = listeners.get(event) ?? new Set<Listener>()
    set.add(listener as Listener)
    listeners.set(event, set)
    return () => set.delete(listener as Listener)
  },
}

contextBridge.exposeInMainWorld('bridge', bridge)
