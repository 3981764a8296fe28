// The built-in sandbox signs its webhooks with one secret from run to run, and the app and the command line on
// the same data folder share it: a person's own server, set up with it once, keeps verifying test and forwarded
// deliveries. It signs only what the local emulator sends, so it is kept as a plain file readable by the person
// alone, where the command line (which cannot open the keychain) can read it too.
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const shape = /^whsec-[A-Za-z0-9_-]{24,}$/

export function keptSandboxSecret(userData: string): string {
  const path = join(userData, 'sandbox-webhook-secret')
  try {
    const kept = readFileSync(path, 'utf8').trim()
    if (shape.test(kept)) return kept
  } catch {
    // None yet.
  }
  const made = `whsec-${randomBytes(18).toString('base64url')}`
  try {
    writeFileSync(path, `${made}\n`, { mode: 0o600 })
  } catch {
    // A folder that cannot be written: this run signs with it all the same.
  }
  return made
}
