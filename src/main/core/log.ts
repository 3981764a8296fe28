// The app's log: a file in the data folder, rotated by size, with every known secret and anything shaped
// like a key scrubbed from each line before it is written.
import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { redact } from './secrets/redaction.ts'

export interface Log {
  info(message: string, detail?: unknown): void
  warn(message: string, detail?: unknown): void
  error(message: string, detail?: unknown): void
  readonly file: string
}

function describe(detail: unknown): string {
  if (detail === undefined) return ''
  if (detail instanceof Error) return ` ${detail.stack ?? detail.message}`
  try {
    return ` ${JSON.stringify(detail)}`
  } catch {
    return ` ${String(detail)}`
  }
}

export function createLog(
  folder: string,
  secrets: () => string[],
  options: { maxBytes?: number; keep?: number } = {},
): Log {
  mkdirSync(folder, { recursive: true })
  const file = join(folder, 'main.log')
  const maxBytes = options.maxBytes ?? 1024 * 1024
  const keep = options.keep ?? 3
  const rotate = () => {
    rmSync(join(folder, `main.${keep}.log`), { force: true })
    for (let index = keep - 1; index >= 1; index--) {
      const from = join(folder, `main.${index}.log`)
      if (existsSync(from)) renameSync(from, join(folder, `main.${index + 1}.log`))
    }
    renameSync(file, join(folder, 'main.1.log'))
  }
  const write = (level: string, message: string, detail: unknown) => {
    const line = redact(
      `${new Date().toISOString()} ${level} ${message}${describe(detail)}`,
      secrets(),
    ).replace(/\n/g, '\n  ')
    try {
      if (existsSync(file) && statSync(file).size > maxBytes) rotate()
      appendFileSync(file, `${line}\n`, { mode: 0o600 })
    } catch {
      // A log that cannot be written must not take the app down.
    }
  }
  return {
    file,
    info: (message, detail) => write('INFO', message, detail),
    warn: (message, detail) => write('WARN', message, detail),
    error: (message, detail) => write('ERROR', message, detail),
  }
}
