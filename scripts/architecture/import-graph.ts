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

/**
 * The code without comments and without the text of template literals (their `${…}` kept), so an import written
 * inside a string — a code snippet the app shows — is not read as one. Quoted strings stay: they are the
 * specifiers.
 */
export function codeOnly(text: string): string {
  let out = ''
  // Each open template literal, with the depth of braces in its current `${…}` (-1: in its text).
  const templates: number[] = []
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? ''
    const next = text[i + 1]
    const inText = templates.length > 0 && templates.at(-1) === -1
    if (inText) {
      if (char === '\\') {
        out += '  '
        i++
      } else if (char === '`') {
        templates.pop()
        out += ' '
      } else if (char === '$' && next === '{') {
        templates[templates.length - 1] = 0
        out += '  '
        i++
      } else out += char === '\n' ? '\n' : ' '
      continue
    }
    if (char === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++
      out += '\n'
      continue
    }
    if (char === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2)
      const stop = end === -1 ? text.length : end + 2
      out += text.slice(i, stop).replace(/[^\n]/g, ' ')
      i = stop - 1
      continue
    }
    if (char === "'" || char === '"') {
      let j = i + 1
      while (j < text.length && text[j] !== char && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1
      out += text.slice(i, j + 1)
      i = j
      continue
    }
    if (char === '`') {
      templates.push(-1)
      out += ' '
      continue
    }
    if (templates.length > 0) {
      const depth = templates.at(-1) ?? 0
      if (char === '{') templates[templates.length - 1] = depth + 1
      else if (char === '}') {
        if (depth === 0) {
          templates[templates.length - 1] = -1
          out += ' '
          continue
        }
        templates[templates.length - 1] = depth - 1
      }
    }
    out += char
  }
  return out
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? '')

export function importsOf(root: string, file: string, text: string): ImportEdge[] {
  const edges: ImportEdge[] = []
  for (const match of codeOnly(text).matchAll(specifiers)) {
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
