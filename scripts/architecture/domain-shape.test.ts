// One shape per domain folder in core (DESIGN.md): `service.ts` holds the logic, `handlers.ts` maps contract
// routes to it and nothing more, and only a handler decides which profile a request works for.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = new URL('../..', import.meta.url).pathname
const core = join(root, 'src/main/core')
const folders = readdirSync(core, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'testing')
  .map((entry) => entry.name)
const handlerFolders = folders.filter((folder) => existsSync(join(core, folder, 'handlers.ts')))

/** Why a handlers file is more than a map from routes to a service, or an empty list. */
function thicknessOf(source: string): string[] {
  const problems: string[] = []
  for (const line of source.split('\n')) {
    if (/^import /.test(line) && !/^import type /.test(line)) problems.push(`imports a value: ${line.trim()}`)
  }
  const logic: [RegExp, string][] = [
    [/\bthrow\b|new AppError/, 'decides an error'],
    [/\bif\s*\(|\?\?|\bswitch\b/, 'branches'],
    [/\bhistory\b|JSON\.|\bplatform\b|\bgateway\b/, 'reaches storage, the platform or the service itself'],
    [/\bemit\(/, 'announces changes'],
  ]
  // Route names are words like any other: only the code around them counts.
  const code = source.replace(/'[^'\n]*'/g, "''")
  for (const [pattern, what] of logic) if (pattern.test(code)) problems.push(what)
  return problems
}

describe('one shape per domain folder', () => {
  it('finds the domains that serve routes', () => {
    expect(handlerFolders).toEqual(
      expect.arrayContaining([
        'app',
        'batches',
        'catalog',
        'decisions',
        'images',
        'playground',
        'profiles',
        'videos',
      ]),
    )
  })

  it.each(handlerFolders)(
    '%s has a service.ts beside a handlers.ts that only maps routes to it',
    (folder) => {
      expect(existsSync(join(core, folder, 'service.ts'))).toBe(true)
      expect(thicknessOf(readFileSync(join(core, folder, 'handlers.ts'), 'utf8'))).toEqual([])
    },
  )

  it('leaves "the active profile" to the handlers: nothing below them reads it', () => {
    const readers = readdirSync(core, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      .map((entry) => join(entry.parentPath, entry.name).slice(core.length + 1))
      .filter((file) => !file.endsWith('handlers.ts') && !file.startsWith('testing/'))
      .filter((file) => /\.active\(\)|activeId\(\)/.test(readFileSync(join(core, file), 'utf8')))
    // The scopes define it; the composition root adopts rows from older versions; a delivery for a job this
    // app does not know is checked against the active profile's secrets.
    expect(readers.sort()).toEqual(['compose.ts', 'profiles/profile-scope.ts', 'webhooks/service.ts'])
  })

  it('tells a thin map from one with logic in it', () => {
    const thin = "import type { X } from './service.ts'\nexport const h = { 'a.b': ({ id }) => x.get(id) }\n"
    expect(thicknessOf(thin)).toEqual([])
    expect(thicknessOf("import { x } from './service.ts'\n")).toEqual([
      "imports a value: import { x } from './service.ts'",
    ])
    expect(thicknessOf("'a': ({ id }) => { if (!id) throw new AppError({}) }")).toEqual([
      'decides an error',
      'branches',
    ])
    expect(thicknessOf("'a': () => deps.history.videoJobs.latest()")).toHaveLength(1)
    expect(thicknessOf("'a': () => events.emit('data.changed', {})")).toEqual(['announces changes'])
  })
})
