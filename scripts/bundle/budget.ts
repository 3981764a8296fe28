// The renderer's initial JavaScript — the entry script and what it preloads, before any screen's own chunk —
// measured gzipped against its budget after every build (`npm test` runs this after the build step).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export const initialBudgetBytes = 100 * 1024

/** The scripts a page loads before anything else: its module scripts and the modules it preloads. */
export function initialScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)].map((match) => match[1] ?? '')
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)].map(
    (match) => match[1] ?? '',
  )
  return [...new Set([...scripts, ...preloads])].filter(Boolean)
}

export function gzippedSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length
}

/** Prints the figures; true when the initial JavaScript is within its budget. */
export function checkBudget(rendererFolder: string): boolean {
  const html = readFileSync(join(rendererFolder, 'index.html'), 'utf8')
  const files = initialScripts(html)
  const sizes = files.map((file) => ({ file, bytes: gzippedSize(join(rendererFolder, file)) }))
  const total = sizes.reduce((sum, size) => sum + size.bytes, 0)
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
  for (const size of sizes) console.log(`  ${size.file}  ${kb(size.bytes)} gzip`)
  const within = total <= initialBudgetBytes
  console.log(
    `initial renderer JavaScript: ${kb(total)} gzip, budget ${kb(initialBudgetBytes)} ${within ? '✓' : '✗ over budget'}`,
  )
  return within
}

if (import.meta.main)
  process.exit(checkBudget(join(import.meta.dirname, '..', '..', 'out', 'renderer')) ? 0 : 1)
