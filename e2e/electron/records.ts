// What the stand-in saw the app do (windows made, links handed to the browser, dialogs, notifications,
// badge counts): one JSON line each in `<user data>.electron.jsonl`, beside the data folder, for the specs.
import { appendFileSync } from 'node:fs'

let file: string | null = null
let ipcFile: string | null = null

/** Records go to `<base>.electron.jsonl`, and every message main sends a page to `<base>.ipc.jsonl`. */
export function recordTo(base: string): void {
  file = `${base}.electron.jsonl`
  ipcFile = `${base}.ipc.jsonl`
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
