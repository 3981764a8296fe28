// The built-in sandbox signs its webhooks with one secret from run to run, and the app and the command line on
// the same data folder share it: a person's own server, set up with it once, keeps verifying test and forwarded
// deliveries. It signs only what the local emulator sends, so it is kept as a plain file readable by the person
// alone, where the command line (which cannot open the keychain) can read it too.
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const shape = /^whsec-[A-Za-z0-9_-]{24,}$/

const read = (path: string): string | null => {
  try {
    const kept = readFileSync(path, 'utf8').trim()
    return shape.test(kept) ? kept : null
  } catch {
    return null
  }
}

export function keptSandboxSecret(userData: string): string {
  const path = join(userData, 'sandbox-webhook-secret')
  const kept = read(path)
  if (kept) return kept
  const made = `whsec-${randomBytes(18).toString('base64url')}`
  try {
    // Only where there is none yet: the app and the command line starting together keep the first one made.
    writeFileSync(path, `${made}\n`, { mode: 0o600, flag: existsSync(path) ? 'w' : 'wx' })
  } catch {
    // Another process made it first (its secret is read back), or the folder cannot be written (this run
    // signs with the one made, all the same).
    return read(path) ?? made
  }
  return made
}
