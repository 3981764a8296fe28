// The harness's stand-in for the preload: defines the same `window.bridge` ({ invoke, on }) over a
// loopback WebSocket to the harness process, which runs the real core.
;(() => {
  const token = new URLSearchParams(location.search).get('token') ?? ''
  const socket = new WebSocket(`ws://${location.host}/__bridge?token=${encodeURIComponent(token)}`)
  const opened = new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', () => reject(new Error('bridge connection failed')), { once: true })
  })
  const pending = new Map()
  const listeners = new Map()
  let nextId = 1

  socket.addEventListener('message', (message) => {
    const frame = JSON.parse(message.data)
    if ('id' in frame) {
      pending.get(frame.id)?.(frame.result)
      pending.delete(frame.id)
    } else if (typeof frame.event === 'string') {
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload)
    }
  })
  const closed = { ok: false, error: { code: 'bridge_closed', message: 'The app stopped responding.' } }
  socket.addEventListener('close', () => {
    for (const resolve of pending.values()) resolve(closed)
    pending.clear()
  })

  const bridge = {
    // Sent at once when the connection is up, as Electron's ipcRenderer.invoke sends: a call made while the
    // page renders leaves before the render, not after it.
    invoke: async (route, input, callId) => {
      if (socket.readyState === WebSocket.CONNECTING) await opened
      if (socket.readyState !== WebSocket.OPEN) return closed
      const id = nextId++
      return new Promise((resolve) => {
        pending.set(id, resolve)
        socket.send(
          JSON.stringify({ id, route, input, callId: typeof callId === 'string' ? callId : undefined }),
        )
      })
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return () => set.delete(listener)
    },
  }
  Object.defineProperty(window, 'bridge', { value: Object.freeze(bridge), enumerable: true })
})()
