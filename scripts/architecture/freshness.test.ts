// The catalog's freshness has one owner (DESIGN.md): the catalog service in the data worker decides when what it
// keeps is old and refreshes it behind; the page reads a catalog query again only when main says the catalog
// changed. So no other code weighs a catalog's age, and no screen sets a catalog read's staleness or reads the
// catalog again on its own.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

/** `file:line: text` of every line of production code under `src/` that matches `pattern` (git grep -E). */
function linesMatching(pattern: string, paths = ['src']): string[] {
  try {
    return execFileSync(
      'git',
      ['grep', '-nE', pattern, '--', ...paths, ':!*.test.ts', ':!*.test.tsx', ':!**/testing/**'],
      { cwd: root, encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean)
  } catch (error) {
    // git grep exits 1 when nothing matches.
    if ((error as { status?: number }).status === 1) return []
    throw error
  }
}

const fileOf = (line: string) => line.slice(0, line.indexOf(':'))

describe('the catalog’s freshness, in one place', () => {
  it('is weighed by the catalog service alone', () => {
    const weighed = linesMatching('(now\\(\\)|Date\\.now\\(\\))\\s*-\\s*[A-Za-z_.?]*fetchedAt')
    expect(weighed.length).toBeGreaterThan(0)
    expect([...new Set(weighed.map(fileOf))]).toEqual(['src/main/core/catalog/service.ts'])
  })

  it('is never the page’s: no catalog read sets its staleness or is read again by a screen', () => {
    const catalogReaders = [
      ...new Set(
        linesMatching('profileKeys\\.(catalog|decisionModels|imageModels|videoModels)', ['src/renderer']).map(
          fileOf,
        ),
      ),
    ].filter((file) => file !== 'src/renderer/src/ipc.ts')
    expect(catalogReaders.length).toBeGreaterThan(3)
    const deciding = linesMatching('staleTime|invalidateQueries|refetchQueries|resetQueries', catalogReaders)
    expect(deciding).toEqual([])
    // The page's one rule: a catalog query is fresh until main says otherwise.
    expect(
      linesMatching("queryKey\\[1\\] === 'catalog' \\? Number\\.POSITIVE_INFINITY", ['src/renderer']),
    ).toHaveLength(1)
  })
})
