// The two walks in docs/architecture.md (a keystroke, a webhook) are counted against the code: every file they
// name exists, and the number each states is the number of files it names.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const doc = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8')

/** A file as a walk names it: from the repository's root, main's core, the shared code, or the window's source. */
function pathOf(named: string): string {
  if (named.startsWith('src/')) return named
  if (named.startsWith('core/')) return `src/main/${named}`
  if (named.startsWith('shared/')) return `src/${named}`
  return `src/renderer/src/${named}`
}

function walk(heading: string) {
  const start = doc.indexOf(`## ${heading}`)
  const end = doc.indexOf('\n## ', start + 1)
  const text = doc.slice(start, end === -1 ? undefined : end)
  const paragraph = text.split('\n\n').slice(1, 2).join('')
  const files = new Set(
    [...paragraph.matchAll(/`([\w./-]+\.tsx?)`/g)].map(([, named]) => pathOf(named ?? '')),
  )
  const stated = Number(/: (\d+) files over/.exec(paragraph)?.[1])
  return { files: [...files], stated }
}

describe('the walks in docs/architecture.md', () => {
  it.each(['A keystroke, end to end', 'A webhook, end to end'])(
    '%s: its files exist and its count is theirs',
    (heading) => {
      const { files, stated } = walk(heading)
      expect(files.filter((file) => !existsSync(join(root, file)))).toEqual([])
      expect(files.length).toBe(stated)
    },
  )
})
