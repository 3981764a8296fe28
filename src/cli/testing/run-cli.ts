// Runs gateway-desk as a person's shell would: its own process, on a data folder, with the environment given;
// what it printed and the code it exited with. A fast sandbox clock makes video jobs settle in moments.
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

const entry = join(import.meta.dirname, '..', 'index.ts')

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

export interface RunningCli {
  child: ChildProcess
  /** Lines printed on standard output so far. */
  lines: string[]
  stderr: () => string
  /** Resolves when the process has exited. */
  exited: Promise<CliResult>
}

export function startCli(
  dataDir: string,
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string } = {},
): RunningCli {
  // Colour off as a script's pipe has it (a test runner may force it on).
  const { FORCE_COLOR: _forced, ...inherited } = process.env
  const child = spawn(process.execPath, [entry, '--data-dir', dataDir, ...args], {
    env: {
      ...inherited,
      NO_COLOR: '1',
      GATEWAY_DESK_SANDBOX_TIME_SCALE: '0.002',
      GATEWAY_API_KEY: '',
      GATEWAY_WEBHOOK_SECRET: '',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  child.stdin?.end(options.input ?? '')
  const lines: string[] = []
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk
  })
  if (child.stdout) createInterface({ input: child.stdout }).on('line', (line) => lines.push(line))
  const exited = new Promise<CliResult>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  )
  return { child, lines, stderr: () => stderr, exited }
}

export const runCli = (dataDir: string, args: readonly string[], options?: Parameters<typeof startCli>[2]) =>
  startCli(dataDir, args, options).exited

/** The first `--json` line of a kind (`batch`, `error`…): a batch's result comes after its progress lines. */
export const lineOf = (stdout: string, kind: string) => jsonLines(stdout).find((line) => line.kind === kind)

/** Each line of standard output as JSON (the --json output). */
export const jsonLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>)
