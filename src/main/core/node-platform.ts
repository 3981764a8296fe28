// A Platform for plain Node: the e2e harness and unit tests. Secrets are sealed with AES-GCM under a key that
// lives only in this process, or, standing in for an OS keychain, in a key file kept outside the data folder;
// notifications and dialogs are recorded so tests can read them.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type DialogAnswer, takeDialogAnswer } from './dialog-answers.ts'
import type { AppNotification, Platform, SecretBackend, SecretCipher, WorkerName } from './platform.ts'

export interface NodePlatform extends Platform {
  readonly notifications: AppNotification[]
  readonly openedExternally: string[]
  /** Answers the next save/open dialogs will give, in order; an empty queue cancels. */
  readonly dialogAnswers: (string | string[] | null)[]
  /** Files put on the clipboard as images. */
  readonly copiedImages: string[]
  /** Texts put on the clipboard. */
  readonly copiedTexts: string[]
}

function keychainKey(keyFile: string | undefined): Buffer {
  if (!keyFile) return randomBytes(32)
  try {
    const existing = readFileSync(keyFile)
    if (existing.length === 32) return existing
  } catch {
    // No keychain yet: make one.
  }
  const key = randomBytes(32)
  writeFileSync(keyFile, key, { mode: 0o600 })
  return key
}

export function createInProcessCipher(backend: SecretBackend = 'os', keyFile?: string): SecretCipher {
  const key = keychainKey(keyFile)
  return {
    backend,
    encrypt(plain) {
      if (backend === 'unavailable') throw new Error('secret storage is unavailable')
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body])
    },
    decrypt(sealed) {
      if (backend === 'unavailable') throw new Error('secret storage is unavailable')
      const bytes = Buffer.from(sealed)
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
      decipher.setAuthTag(bytes.subarray(12, 28))
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}

/** Where each worker's module is in the source tree, from this folder. */
const sourceOfWorker: Record<WorkerName, string[]> = {
  data: ['data', 'data-worker.ts'],
  background: ['data', 'background-worker.ts'],
  sandbox: ['profiles', 'sandbox-worker.ts'],
}

export function createNodePlatform(options: {
  userData: string
  version?: string
  secretBackend?: SecretBackend
  /** Where the stand-in keychain keeps its key (outside the data folder); none: a key per process. */
  keychainFile?: string
  /** A JSON array of answers the next dialogs give, read when the in-memory queue is empty (e2e tests). */
  dialogAnswersFile?: string
  /** Where the workers and the shipped files are, when not run from the source tree (the built command line). */
  workerEntry?: (name: WorkerName) => string
  resources?: string
  downloads?: string
}): NodePlatform {
  const downloads = options.downloads ?? join(options.userData, 'Downloads')
  const temp = join(options.userData, 'tmp')
  mkdirSync(downloads, { recursive: true })
  mkdirSync(temp, { recursive: true })
  const notifications: AppNotification[] = []
  const openedExternally: string[] = []
  const copiedImages: string[] = []
  const copiedTexts: string[] = []
  const dialogAnswers: DialogAnswer[] = []
  const nextAnswer = (): DialogAnswer => {
    if (dialogAnswers.length > 0) return dialogAnswers.shift() ?? null
    return options.dialogAnswersFile ? takeDialogAnswer(options.dialogAnswersFile) : null
  }
  return {
    shell: 'harness',
    appName: 'Gateway Desk',
    appVersion: options.version ?? '0.0.0',
    paths: {
      userData: options.userData,
      downloads,
      temp,
      // Run from source: the repository's resources folder.
      resources: options.resources ?? join(import.meta.dirname, '..', '..', '..', 'resources'),
    },
    secretCipher: createInProcessCipher(options.secretBackend, options.keychainFile),
    workerEntry: options.workerEntry ?? ((name) => join(import.meta.dirname, ...sourceOfWorker[name])),
    notifications,
    openedExternally,
    dialogAnswers,
    copiedImages,
    copiedTexts,
    copyImage: async (path) => void copiedImages.push(path),
    copyText: (text) => void copiedTexts.push(text),
    // A browser window drags files out by itself (DownloadURL); there is no native drag to start here.
    startDrag: () => false,
    // Run from source (the harness, tests, the command line), the app does not update itself.
    updater: {
      state: () => ({
        supported: false,
        version: options.version ?? '0.0.0',
        channel: 'latest',
        status: 'idle',
        available: null,
        progress: null,
        lastCheck: null,
        problem: null,
      }),
      check: async () => {},
      install: () => {},
      onChange: () => {},
    },
    showInFolder: (path) => void openedExternally.push(path),
    // The harness is restarted from outside (the e2e fixture does it).
    relaunch: () => false,
    notify: (notification) => void notifications.push(notification),
    saveDialog: async () => {
      const answer = nextAnswer()
      return typeof answer === 'string' ? answer : null
    },
    openDialog: async () => {
      const answer = nextAnswer()
      return answer === null ? [] : Array.isArray(answer) ? answer : [answer]
    },
    openExternal: async (url) => void openedExternally.push(url),
    openPath: async (path) => void openedExternally.push(path),
    mediaUrl: (id, as) => (as ? `/media/${as}/${id}` : `/media/${id}`),
  }
}
