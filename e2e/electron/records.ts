// What the stand-in saw the app do (windows made, links handed to the browser, dialogs, notifications,
// badge counts): one JSON line each in `<user data>.electron.jsonl`, beside the data folder, for the specs.
import { appendFileSync, existsSync, readFileSync, watchFile } from 'node:fs'

let file: string | null = null
let ipcFile: string | null = null
const actionHandlers = new Map<string, (entry: Record<string, unknown>) => void>()

/**
 * Records go to `<base>.electron.jsonl`, and every message main sends a page to `<base>.ipc.jsonl`. What a
 * person does on the desktop outside the window (clicking a notification, a tray menu item) comes from the
 * spec as lines of `<base>.actions.jsonl`.
 */
export function recordTo(base: string): void {
  file = `${base}.electron.jsonl`
  ipcFile = `${base}.ipc.jsonl`
  const actions = `${base}.actions.jsonl`
  let read = 0
  watchFile(actions, { interval: 50, persistent: false }, () => {
    if (!existsSync(actions)) return
    const text = readFileSync(actions, 'utf8')
    const complete = text.lastIndexOf('\n') + 1
    for (const line of text.slice(read, complete).split('\n').filter(Boolean)) {
      const entry = JSON.parse(line) as Record<string, unknown>
      actionHandlers.get(String(entry.api))?.(entry)
    }
    read = complete
  })
}

/** Runs `handler` for each desktop action the spec asks for under `api` (`Notification.click`). */
export function onDesktopAction(api: string, handler: (entry: Record<string, unknown>) => void): void {
  actionHandlers.set(api, handler)
}

/** A message from main to a page, as sent (for the secrets canary). */
export function recordIpc(text: string): void {
  if (ipcFile) appendFileSync(ipcFile, `${JSON.stringify(text)}\n`)
}

export function record(entry: Record<string, unknown>): void {
  if (file) appendFileSync(file, `${JSON.stringify({ at: Date.now(), ...entry })}\n`)
}

/** Wraps a stand-in object: any member it lacks throws, so a new Electron call never passes silently. */
export function standIn<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'symbol' || property in object || property === 'then')
        return Reflect.get(object, property, receiver)
      throw new Error(`not stood in: ${name}.${property}`)
    },
  })
}
