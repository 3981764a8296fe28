// The import graph of the sources: every file under src/ with the files and packages it imports, resolved the
// way the bundlers resolve them (relative paths and the package's `#shared/`, `#core/`, `#sandbox/` aliases).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export interface ImportEdge {
  /** The importing file, relative to the repository. */
  from: string
  /** The imported file relative to the repository, or a package name (`zod`, `node:fs`). */
  to: string
  /** The specifier as written. */
  written: string
}

const aliases: [RegExp, string][] = [
  [/^#shared\/(.*)$/, 'src/shared/$1.ts'],
  [/^#core\/(.*)$/, 'src/main/core/$1.ts'],
  [/^#sandbox\/(.*)$/, 'src/sandbox/$1.ts'],
]
const specifiers =
  /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? '')

export function importsOf(root: string, file: string, text: string): ImportEdge[] {
  const edges: ImportEdge[] = []
  for (const match of text.matchAll(specifiers)) {
    const written = match[1] ?? match[2] ?? match[3]
    if (!written) continue
    const alias = aliases.find(([pattern]) => pattern.test(written))
    const to = alias
      ? written.replace(alias[0], alias[1])
      : written.startsWith('.')
        ? relative(root, resolve(dirname(join(root, file)), written))
        : written.startsWith('node:')
          ? written
          : packageOf(written)
    edges.push({ from: file, to, written })
  }
  return edges
}

export function importGraph(root: string, folder = 'src'): ImportEdge[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .flatMap((entry) => {
      const file = relative(root, join(entry.parentPath, entry.name))
      return importsOf(root, file, readFileSync(join(root, file), 'utf8'))
    })
}
