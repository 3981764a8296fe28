import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createInProcessCipher } from '../node-platform.ts'
import { fingerprintOf, openSecretStore } from './secret-store.ts'

const canary = 'sk-canary-7f3a9d2e41b8'

describe('secret store', () => {
  it('seals secrets on disk, reopens them, and never writes the plain value', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gd-secrets-'))
    const cipher = createInProcessCipher('os')
    const store = openSecretStore(dir, cipher)
    await store.set('live:apiKey', canary)
    expect(await readFile(join(dir, 'secrets.json'), 'utf8')).not.toContain(canary)
    const reopened = openSecretStore(dir, cipher)
    expect(reopened.get('live:apiKey')).toBe(canary)
    expect(reopened.status('live:apiKey')).toEqual({
      set: true,
      mask: '••••41b8',
      fingerprint: fingerprintOf(canary),
      unreadable: false,
    })
    expect(reopened.status('live:webhookSecret')).toMatchObject({ set: false, mask: null })
  })

  it('fails closed when the cipher cannot open a stored secret, and keeps it for later', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gd-secrets-'))
    await openSecretStore(dir, createInProcessCipher('os')).set('live:apiKey', canary)
    const otherMachine = openSecretStore(dir, createInProcessCipher('os'))
    expect(otherMachine.status('live:apiKey')).toMatchObject({ set: false, unreadable: true })
    await otherMachine.set('live:webhookSecret', 'whsec')
    expect(JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')).secrets['live:apiKey']).toBeDefined()
  })

  it('keeps secrets in memory only with the basic_text backend until the person opts in', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gd-secrets-'))
    const cipher = createInProcessCipher('basic_text')
    const store = openSecretStore(dir, cipher)
    await store.set('live:apiKey', canary)
    expect(store.storage()).toEqual({ backend: 'basic_text', persistent: false, allowWeakStorage: false })
    expect(JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')).secrets).toEqual({})
    expect(store.get('live:apiKey')).toBe(canary)
    await store.setAllowWeakStorage(true)
    expect(store.storage().persistent).toBe(true)
    expect(openSecretStore(dir, cipher).get('live:apiKey')).toBe(canary)
  })

  it('stays in memory when no secret storage is available', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gd-secrets-'))
    const store = openSecretStore(dir, createInProcessCipher('unavailable'))
    await store.setAllowWeakStorage(true)
    await store.set('live:apiKey', canary)
    expect(store.storage().persistent).toBe(false)
    expect(store.get('live:apiKey')).toBe(canary)
  })
})
