// Native dialogs answered from a file, for the e2e harness and the Electron stand-in: specs write a JSON array
// of answers beside the data folder; each dialog takes the first, and a missing or empty queue cancels.
import { readFileSync, writeFileSync } from 'node:fs'

/** Where the answers for the app using this data folder are queued. */
export const dialogAnswersFileOf = (userData: string): string =>
  `${userData.replace(/[\\/]+$/, '')}.dialogs.json`

export type DialogAnswer = string | string[] | null

/** Takes the next queued answer (the file keeps the rest), or null when there is none. */
export function takeDialogAnswer(file: string): DialogAnswer {
  try {
    const queued = JSON.parse(readFileSync(file, 'utf8')) as DialogAnswer[]
    const answer = queued.shift() ?? null
    writeFileSync(file, JSON.stringify(queued))
    return answer
  } catch {
    return null
  }
}
