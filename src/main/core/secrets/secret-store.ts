// Secrets (API keys, webhook secrets, tunnel tokens) live only in main. On disk each is sealed by the
// platform's cipher in a versioned envelope; one that cannot be opened counts as not set (fail closed).
// With a weak backend (`basic_text`) or none, secrets stay in memory unless the person opts in.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../files/atomic-write.ts'
import type { SecretCipher } from '../platform.ts'
import { connectionScope } from '../profiles/connection-scope.ts'

const envelopeVersion = 1
const SecretsFile = z.object({
  version: z.literal(1),
  allowWeakStorage: z.boolean().default(false),
  secrets: z.record(z.string(), z.object({ v: z.number(), sealed: z.string() })),
})

export interface SecretStatus {
  set: boolean
  /** The last four characters, the rest hidden. */
  mask: string | null
  /** A short hash, to tell two keys apart without showing either. */
  fingerprint: string | null
  /** Stored, but could not be decrypted (another machine, a reset keychain). */
  unreadable: boolean
}

export interface StorageStatus {
  backend: SecretCipher['backend']
  /** Whether secrets are written to disk (else they last until the app quits). */
  persistent: boolean
  allowWeakStorage: boolean
}

export function maskOf(value: string): string {
  return `••••${value.slice(-4)}`
}

export function fingerprintOf(value: string): string {
  const hex = createHash('sha256').update(value).digest('hex').slice(0, 12)
  return hex.match(/.{4}/g)!.join(':')
}

export function openSecretStore(folder: string, cipher: SecretCipher) {
  const path = join(folder, 'secrets.json')
  const values = new Map<string, string>()
  /** Held for this process only (`hold`): read like the others, never written. */
  const held = new Map<string, string>()
  const unreadable = new Set<string>()
  let allowWeakStorage = false
  let sealedOnDisk: Record<string, { v: number; sealed: string }> = {}

  try {
    const file = SecretsFile.parse(JSON.parse(readFileSync(path, 'utf8')))
    allowWeakStorage = file.allowWeakStorage
    sealedOnDisk = file.secrets
    for (const [name, envelope] of Object.entries(file.secrets)) {
      try {
        if (envelope.v !== envelopeVersion) throw new Error('unknown envelope version')
        values.set(name, cipher.decrypt(Buffer.from(envelope.sealed, 'base64')))
      } catch {
        unreadable.add(name)
      }
    }
  } catch {
    // No file yet, or one that is not ours: start empty; it is rewritten on the next change.
  }

  const persistent = () => cipher.backend === 'os' || (cipher.backend === 'basic_text' && allowWeakStorage)

  async function save(): Promise<void> {
    const secrets: Record<string, { v: number; sealed: string }> = {}
    if (persistent()) {
      for (const [name, value] of values) {
        secrets[name] = { v: envelopeVersion, sealed: Buffer.from(cipher.encrypt(value)).toString('base64') }
      }
    }
    // Secrets that could not be read are kept as they are: the keychain may come back.
    for (const name of unreadable) if (sealedOnDisk[name]) secrets[name] = sealedOnDisk[name]
    sealedOnDisk = secrets
    await writeFileAtomic(path, JSON.stringify({ version: 1, allowWeakStorage, secrets }, null, 2))
  }

  return {
    get: (name: string): string | undefined =>
      connectionScope.current()?.secrets.get(name) ?? held.get(name) ?? values.get(name),
    status(name: string): SecretStatus {
      const value = connectionScope.current()?.secrets.get(name) ?? held.get(name) ?? values.get(name)
      return {
        set: value !== undefined,
        mask: value !== undefined ? maskOf(value) : null,
        fingerprint: value !== undefined ? fingerprintOf(value) : null,
        unreadable: unreadable.has(name),
      }
    },
    async set(name: string, value: string | null): Promise<void> {
      unreadable.delete(name)
      if (value === null) values.delete(name)
      else values.set(name, value)
      await save()
    },
    /**
     * Holds a secret for this process only, never written: the command line's key from the environment, where
     * the keychain that sealed the stored one cannot be reached. What is stored stays as it was.
     */
    hold(name: string, value: string): void {
      held.set(name, value)
    },
    async deleteAll(prefix: string): Promise<void> {
      for (const name of [...values.keys(), ...unreadable]) {
        if (name.startsWith(prefix)) {
          values.delete(name)
          unreadable.delete(name)
        }
      }
      await save()
    },
    storage: (): StorageStatus => ({ backend: cipher.backend, persistent: persistent(), allowWeakStorage }),
    async setAllowWeakStorage(allow: boolean): Promise<void> {
      allowWeakStorage = allow
      await save()
    },
    /** Every secret value, so logs and error texts can be scrubbed of them. */
    values: (): string[] => [...values.values(), ...held.values(), ...connectionScope.secrets()],
  }
}

export type SecretStore = ReturnType<typeof openSecretStore>
