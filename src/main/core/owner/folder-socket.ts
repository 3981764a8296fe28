// Where a data folder's owner listens, and the token its clients prove they may use the folder with. Binding the
// socket is the lock: whoever binds first owns the folder. A socket file left by an owner that was killed
// answers no connection: it is replaced, under a short lock, so that two processes never both replace it.
import { createHash, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs'
import { createConnection, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeFileAtomic } from '../files/atomic-write.ts'

/** A Unix socket's path may hold about 104 bytes: a deeper folder's socket lives in the temporary folder. */
const longestSocketPath = 100

export function socketPathOf(userData: string): string {
  const key = createHash('sha256').update(userData).digest('hex').slice(0, 24)
  if (process.platform === 'win32') return `\\\\.\\pipe\\gateway-desk-${key}`
  const inFolder = join(userData, 'owner.sock')
  return inFolder.length <= longestSocketPath ? inFolder : join(tmpdir(), `gateway-desk-${key}.sock`)
}

export const tokenPathOf = (userData: string) => join(userData, 'owner.token')

/** The token clients must give, or null when it cannot be read (no owner, or another user's). */
export function readToken(userData: string): string | null {
  try {
    const token = readFileSync(tokenPathOf(userData), 'utf8').trim()
    return /^[0-9a-f]{64}$/.test(token) ? token : null
  } catch {
    return null
  }
}

/** Whether something answers on the socket (an owner), within a short time. */
export function answers(path: string, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path)
    const done = (result: boolean) => {
      socket.destroy()
      resolve(result)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

const listenOn = (server: Server, path: string) =>
  new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error)
    server.once('error', failed)
    server.listen(path, () => {
      server.off('error', failed)
      resolve()
    })
  })

/**
 * Binds `server` on the folder's socket, with a new token only this user can read. Resolves the token, or null
 * when another process owns the folder.
 */
export async function bindOwnerSocket(server: Server, userData: string): Promise<string | null> {
  mkdirSync(userData, { recursive: true })
  // The folder is the person's own: no one else may reach the socket or read the token in it.
  if (process.platform !== 'win32') chmodSync(userData, 0o700)
  const path = socketPathOf(userData)
  const token = randomBytes(32).toString('hex')
  // The socket is made with no permission for anyone but its user, from its first moment.
  const mask = process.umask(0o177)
  try {
    try {
      await listenOn(server, path)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
      if (await answers(path)) return null
      // A socket left by an owner that is gone: replaced by whoever takes the lock first.
      const lock = join(userData, 'owner.replacing')
      try {
        mkdirSync(lock)
      } catch {
        // Another process is replacing it now (or has just done so), or one died doing so a while ago.
        const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs
        if (since === undefined || Date.now() - since < 10_000) return null
        rmSync(lock, { recursive: true, force: true })
        return bindOwnerSocket(server, userData)
      }
      try {
        if (await answers(path)) return null
        if (existsSync(path)) unlinkSync(path)
        await listenOn(server, path)
      } finally {
        rmSync(lock, { recursive: true, force: true })
      }
    }
  } finally {
    process.umask(mask)
  }
  await writeFileAtomic(tokenPathOf(userData), token)
  return token
}
