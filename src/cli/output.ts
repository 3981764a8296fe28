// How a command prints and ends: lines for a terminal (coloured only where that is wanted), JSON lines for a
// script, tables, and exit codes a script can trust, with each error's code and words.
import { styleText } from 'node:util'
import { AppError } from '#shared/ipc/app-error'

/**
 * One meaning each: 0 everything done; 1 some rows (or deliveries) failed; 2 the command could not be read or
 * its input is refused; 3 the service cannot be reached or refused the key; 4 stopped at the spend cap or a
 * budget, with rows left to resume; 5 a `--fail-on` threshold was passed; 130 stopped with Ctrl+C.
 */
export const exitCodes = {
  done: 0,
  someFailed: 1,
  usage: 2,
  unreachable: 3,
  stopped: 4,
  failOn: 5,
  interrupted: 130,
} as const

/** An end of a command with its exit code and what to tell the person. */
export class CommandEnd extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export const usageError = (message: string) => new CommandEnd(exitCodes.usage, message)

/** The exit code an error ends a command with: 3 when the service cannot be reached or refuses the key. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof CommandEnd) return error.code
  if (error instanceof AppError) {
    if (['service_unreachable', 'timeout', 'no_api_key'].includes(error.code)) return exitCodes.unreachable
    if (error.status === 401 || error.status === 403) return exitCodes.unreachable
    if (['unauthorized', 'invalid_api_key'].includes(error.serviceCode ?? '')) return exitCodes.unreachable
    // Input the command was given and the owner refused: a field that does not fit, an id it does not know.
    if (error.code === 'validation_failed' || error.code === 'not_found') return exitCodes.usage
  }
  return exitCodes.someFailed
}

/** A word for what went wrong, for a script: the app's error code, `usage`, or `failed`. */
export function codeOf(error: unknown): string {
  if (error instanceof AppError) return error.serviceCode ?? error.code
  if (error instanceof CommandEnd) return error.code === exitCodes.usage ? 'usage' : 'failed'
  return 'failed'
}

/** What an error says to the person, with the service's hint when there is one. */
export function messageOf(error: unknown): string {
  if (error instanceof AppError) return error.hint ? `${error.message} ${error.hint}` : error.message
  return error instanceof Error ? error.message : String(error)
}

/** Colour only on a terminal that wants it (Node reads NO_COLOR, FORCE_COLOR and whether it is a TTY). */
export const paint = (
  format: Parameters<typeof styleText>[0],
  text: string,
  stream: NodeJS.WriteStream = process.stdout,
) => styleText(format, text, { stream })

export const print = (line: string) => process.stdout.write(`${line}\n`)
/** One line of `--json` output: an object whose `kind` says what it is (`batch`, `row`, `error`, …). */
export const printJson = (kind: string, value: object) => {
  const { kind: _own, ...rest } = value as { kind?: unknown }
  print(JSON.stringify({ kind, ...rest }))
}
export const warn = (line: string) => process.stderr.write(`${line}\n`)

/** Columns padded to their widest cell: a table for a terminal. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd()
  return [paint('bold', line(header)), ...rows.map(line)].join('\n')
}
