// One owner per data folder: the app's core serves the contract on the folder's socket; a command line attaches
// with the folder's token and works with its own profile and key; anyone without the token runs nothing; a
// second owner cannot bind; a socket left by a killed owner is replaced.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { startCore, until } from '../../testing/core.ts'
import { takeFolder } from './folder-owner.ts'
import { readToken, socketPathOf, tokenPathOf } from './folder-socket.ts'
import { attachToOwner } from './owner-client.ts'
import { claimFolder } from './owner-server.ts'

const cores: Awaited<ReturnType<typeof startCore>>[] = []
let service: Sandbox | undefined
afterAll(async () => {
  for (const env of cores) await env.core.close().catch(() => {})
  await service?.close()
  for (const env of cores) {
    rmSync(env.userData, { recursive: true, force: true })
    rmSync(`${env.userData}.keychain`, { force: true })
  }
})
async function owner() {
  const env = await startCore({ owner: true })
  cores.push(env)
  return env
}
/** Raw lines to the socket, and everything it answers until it closes. */
function raw(path: string, lines: string[]): Promise<string> {
  return new Promise((resolve) => {
    const socket = createConnection(path)
    let answer = ''
    socket.on('data', (chunk) => {
      answer += chunk
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve(answer))
    socket.on('connect', () => {
      for (const line of lines) socket.write(line)
    })
  })
}

describe('the folder’s owner', () => {
  it('serves the contract to an attached client, events included, on the same history', async () => {
    const app = await owner()
    const client = await attachToOwner(app.userData, {})
    expect(client).not.toBeNull()
    const changed: string[] = []
    client?.events.subscribe((name, payload) => {
      if (name === 'data.changed') changed.push(...(payload as { topics: string[] }).topics)
    })
    expect(
      await client?.call('questionnaires.save', { id: 'q1', name: 'From the shell', questions: [] }),
    ).toMatchObject({ ok: true })
    expect((await app.call('questionnaires.list', {})).map((q) => q.name)).toEqual(['From the shell'])
    // A change the app makes reaches the client as the window's events do.
    await app.call('profiles.save', { name: 'Local', baseUrl: 'http://127.0.0.1:9' })
    await until(() => changed.includes('profiles'))
    client?.close()
    await client?.closed
  })

  it('is the only one: a second core on the folder cannot bind, and attaches instead', async () => {
    const app = await owner()
    expect(await claimFolder(app.userData)).toBeNull()
    // The app asks it to let go, and it keeps the folder: the app's own core never hands over.
    await expect(takeFolder(app.userData, { info: () => {} })).rejects.toThrow(
      /already owns this data folder/,
    )
    expect(await attachToOwner(app.userData, {})).not.toBeNull()
  })

  it('keeps its socket and token to the folder’s user', async () => {
    const app = await owner()
    if (process.platform === 'win32') return
    expect(statSync(app.userData).mode & 0o777).toBe(0o700)
    expect(statSync(socketPathOf(app.userData)).mode & 0o077).toBe(0)
    expect(statSync(tokenPathOf(app.userData)).mode & 0o777).toBe(0o600)
  })

  it('runs no route for anyone without the token, and stays up for those with it', async () => {
    const app = await owner()
    const path = socketPathOf(app.userData)
    const save = (id: string) =>
      `${JSON.stringify({ type: 'call', id: 1, route: 'questionnaires.save', input: { id, name: id, questions: [] } })}\n`
    const attempts = [
      [save('no-hello')],
      [`${JSON.stringify({ type: 'hello', token: 'f'.repeat(64) })}\n`, save('wrong-token')],
      [`${JSON.stringify({ type: 'hello' })}\n`, save('no-token')],
      [
        `${JSON.stringify({ type: 'hello', token: readToken(app.userData)?.slice(1) })}\n`,
        save('short-token'),
      ],
      ['null\n', save('null')],
      ['[1,2]\n'],
      ['{not json\n'],
      ['\u0000\u00ff\n'],
    ]
    for (const lines of attempts) {
      const answer = await raw(path, lines)
      expect(answer).not.toContain('"result"')
    }
    // A frame larger than any the owner reads, without its end: the connection is ended, nothing else.
    const big = await raw(path, [`{"type":"hello","token":"${'a'.repeat(65 * 1024 * 1024)}`])
    expect(big).not.toContain('"ready"')
    expect(await app.call('questionnaires.list', {})).toEqual([])
    const client = await attachToOwner(app.userData, {})
    expect(await client?.call('questionnaires.list', {})).toEqual({ ok: true, data: [] })
    client?.close()
  })

  it('replaces a socket left by an owner that was killed', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'gd-owner-killed-'))
    const path = socketPathOf(userData)
    // Another process binds the socket and is killed: the file stays, and nothing answers on it.
    const child = spawn(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`,
    ])
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
    expect(existsSync(path)).toBe(true)
    expect(await attachToOwner(userData, {})).toBeNull()
    const env = await startCore({ userData, owner: true })
    cores.push(env)
    expect(await attachToOwner(userData, {})).not.toBeNull()
  })

  it('keeps the folder until its history is closed, even when a part of it fails to close', async () => {
    const app = await owner()
    await app.call('questionnaires.save', { id: 'q1', name: 'Kept', questions: [] })
    const videos = app.core.videos as { close(): Promise<void> }
    videos.close = async () => {
      // Meanwhile the folder is still this core's: no one else may own it.
      expect(await claimFolder(app.userData)).toBeNull()
      throw new Error('the videos did not close')
    }
    const closing = app.core.close()
    // A second close waits for the first, and fails as it does.
    await expect(app.core.close()).rejects.toThrow('the videos did not close')
    await expect(closing).rejects.toThrow('the videos did not close')
    // The rest closed all the same, the history last: the next owner opens it whole, with nothing set aside.
    expect(app.core.history.database.db.isOpen).toBe(false)
    const next = await startCore({ userData: app.userData, owner: true })
    cores.push(next)
    expect((await next.call('questionnaires.list', {})).map((one) => one.name)).toEqual(['Kept'])
    expect(next.core.history.notices).toEqual([])
  })

  it('works with the profile and key a client names, for its calls only', async () => {
    const key = 'sk-owner-client-key-0001'
    service = await startSandbox({ keys: [key], credits: 100, timeScale: 0.002, allowPrivateAddresses: true })
    const app = await owner()
    const paid = await app.call('profiles.save', { name: 'Paid', baseUrl: service.url })
    await expect(attachToOwner(app.userData, { profile: 'Nowhere' })).rejects.toThrow(
      /There is no profile called “Nowhere”. The profiles are: Sandbox, Paid\./,
    )
    const client = await attachToOwner(app.userData, { profile: 'paid', secrets: { apiKey: key } })
    expect(client?.profileId).toBe(paid.id)
    const tested = await client?.call('profiles.testConnection', { id: paid.id })
    expect(tested).toMatchObject({ ok: true, data: { outcome: 'ok' } })
    // The app's own view is as it was: its profile active, no key kept for Paid.
    expect((await app.call('profiles.list', {})).find((one) => one.active)?.name).toBe('Sandbox')
    expect((await app.call('profiles.testConnection', { id: paid.id })).outcome).not.toBe('ok')
    client?.close()
  })
})

describe('an owner that is closing', () => {
  it('lets no request to hand over start a second close, and says it has gone', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'gd-owner-closing-'))
    onTestFinished(() => rmSync(userData, { recursive: true, force: true }))
    const claim = await claimFolder(userData)
    if (!claim) throw new Error('the folder should be free')
    const handOvers: number[] = []
    claim.serve({
      dispatch: async () => ({ ok: true, data: null }),
      events: { subscribe: () => () => {} },
      attach: () => ({ profileId: 'p', run: (work) => work(), detach: () => {} }),
      stopBatch: async () => null,
      handOver: () => handOvers.push(1),
    })
    // Asked as the close begins: the request reaches an owner that reads no more frames.
    const early = await attachToOwner(userData, {})
    const late = await attachToOwner(userData, {})
    claim.stop()
    const asked = early?.askToHandOver()
    // Asked once the connection has ended: the answer comes at once, not never.
    await late?.closed
    expect(await late?.askToHandOver()).toBe('gone')
    expect(await asked).toBe('gone')
    // A client that comes now is told to wait: the folder is not free until it is released.
    expect(await attachToOwner(userData, {})).toBeNull()
    expect(await claimFolder(userData)).toBeNull()
    await claim.release()
    expect(handOvers).toEqual([])
    const next = await claimFolder(userData)
    expect(next).not.toBeNull()
    await next?.release()
  })
})

describe('closing the app’s window', () => {
  it('keeps the app running while a command is attached to it, whatever the setting', async () => {
    const app = await owner()
    await app.call('preferences.update', { keepReceivingWhenClosed: false })
    expect(app.core.desktop.keepsReceiving()).toBe(false)
    const client = await attachToOwner(app.userData, {})
    await until(() => app.core.attachedClients() === 1)
    expect(app.core.desktop.keepsReceiving()).toBe(true)
    client?.close()
    await until(() => app.core.attachedClients() === 0)
    expect(app.core.desktop.keepsReceiving()).toBe(false)
  })
})

describe('a client that vanishes', () => {
  it('leaves the batch it started stopped and resumable', async () => {
    const app = await owner()
    const client = await attachToOwner(app.userData, {})
    const { questionnaire, template } = await import('../../testing/batches.ts')
    const started = await client?.call('batches.start', {
      questionnaire,
      template,
      inputs: Array.from({ length: 400 }, (_, n) => `message ${n}`),
      concurrency: 1,
      spendCap: null,
    })
    expect(started).toMatchObject({ ok: true })
    const id = (started as { ok: true; data: { id: string } }).data.id
    // Gone without a word, as a SIGKILLed process is: its connection drops.
    client?.close()
    const stopped = await until(async () => {
      const { batch } = await app.call('batches.get', { id })
      return batch.status !== 'running' && batch
    }, 20_000)
    expect(stopped.status).toBe('cancelled')
    expect(stopped.counts.pending).toBeGreaterThan(0)
    await app.call('batches.resume', { id })
    await until(async () => (await app.call('batches.get', { id })).batch.status === 'done', 60_000)
  })
})
