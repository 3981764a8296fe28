// The renderer's initial JavaScript — the entry script and what it preloads, before any screen's own chunk —
// measured gzipped against its budget after every build (`npm test` runs this after the build step). The first
// screen's code is measured too, and must not bring the schema library: evaluating it is a long task at start.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { screenList } from '#shared/screens'

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

/** A chunk and the chunks it imports statically, followed: what loads before it runs (not its `import()`s). */
export function chunkWithImports(assetsFolder: string, chunk: string): string[] {
  const found = new Set<string>()
  const visit = (file: string) => {
    if (found.has(file)) return
    found.add(file)
    const code = readFileSync(join(assetsFolder, file), 'utf8')
    for (const match of code.matchAll(/\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?"\.\/([^"/]+\.js)"/g))
      if (match[1]) visit(match[1])
  }
  visit(chunk)
  return [...found]
}

/** Whether a chunk holds the schema library (its error class is named in its code). */
export const holdsSchemaLibrary = (file: string) => readFileSync(file, 'utf8').includes('ZodError')

/** The chunk of the screen the app opens on the first time, named after its component (`DecisionsScreen`). */
const firstScreenChunk = new RegExp(`^${screenList[0].label}Screen-[\\w-]+\\.js$`)

/**
 * Prints the first screen's figure (what it loads beyond `initial`); true when neither it nor the initial
 * JavaScript holds the schema library.
 */
function checkFirstScreen(rendererFolder: string, initial: string[]): boolean {
  const assets = join(rendererFolder, 'assets')
  const chunk = readdirSync(assets).find((file) => firstScreenChunk.test(file))
  if (!chunk) throw new Error(`No chunk of the first screen in ${assets}.`)
  const loaded = new Set(initial.map((file) => join(rendererFolder, file)))
  const all = chunkWithImports(assets, chunk).map((file) => join(assets, file))
  const files = all.filter((file) => !loaded.has(file))
  const total = files.reduce((sum, file) => sum + gzippedSize(file), 0)
  const lean = ![...all, ...loaded].some(holdsSchemaLibrary)
  console.log(
    `first screen's own JavaScript: ${(total / 1024).toFixed(1)} kB gzip in ${files.length} chunks, ${lean ? 'without the schema library ✓' : '✗ with the schema library, a long task at start'}`,
  )
  return lean
}

/** Prints the figures; true when the initial JavaScript is within its budget and the first screen is lean. */
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
  return checkFirstScreen(rendererFolder, files) && within
}

if (import.meta.main)
  process.exit(checkBudget(join(import.meta.dirname, '..', '..', 'out', 'renderer')) ? 0 : 1)
