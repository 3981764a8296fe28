// The layers hold: no source file imports across a boundary DESIGN.md draws, and each rule catches an edge
// planted against it.
import { describe, expect, it } from 'vitest'
import { importGraph, importsOf } from './import-graph.ts'
import { brokenRules, importRules } from './import-rules.ts'

const root = new URL('../..', import.meta.url).pathname

describe('import rules', () => {
  it('hold for every file under src/', () => {
    const edges = importGraph(root)
    expect(edges.length).toBeGreaterThan(500)
    expect(brokenRules(edges)).toEqual([])
  })

  const planted: [string, string, string][] = [
    ['src/renderer/src/features/images/Gallery.tsx', "import { x } from '#core/compose'", 'renderer'],
    ['src/renderer/src/format.ts', "import { readFile } from 'node:fs/promises'", 'renderer'],
    ['src/shared/domain/money.ts', "import { x } from 'react'", 'shared'],
    ['src/renderer/src/features/images/Gallery.tsx', "import { x } from '../videos/queries.ts'", 'feature'],
    ['src/renderer/src/features/images/Gallery.tsx', "import { x } from '../../app/Shell.tsx'", 'shell'],
    ['src/sandbox/server.ts', "import { x } from '../main/core/log.ts'", 'sandbox'],
    ['src/main/core/compose.ts', "import { app } from 'electron'", 'core'],
    ['src/main/core/compose.ts', "import { startCore } from './testing/core.ts'", 'test helpers'],
  ]
  it.each(planted)('catch a planted edge: %s ← %s', (file, line, ruleWord) => {
    const broken = brokenRules(importsOf(root, file, `${line}\n`))
    expect(broken).toHaveLength(1)
    const rule = importRules.find((candidate) => broken[0]?.startsWith(candidate.name))
    expect(rule?.name).toContain(ruleWord)
  })

  it('keep test helpers out of the folders the app is built from', () => {
    const helpers = importGraph(root)
      .map((edge) => edge.from)
      .filter((file) => file.startsWith('src/main/core/') && /(^|\/)testing(\/|\.ts$)/.test(file))
    expect([...new Set(helpers)]).toEqual([])
  })

  it('reads every way a file imports', () => {
    const text = [
      "import a from './a.ts'",
      "import type { B } from '#shared/b'",
      "export { c } from '../c.ts'",
      "import './side-effect.css'",
      "const d = await import('./d.ts')",
      "import {\n  e,\n  f,\n} from '@scope/pkg/sub'",
    ].join('\n')
    expect(importsOf(root, 'src/main/x/file.ts', text).map((edge) => edge.to)).toEqual([
      'src/main/x/a.ts',
      'src/shared/b.ts',
      'src/main/c.ts',
      'src/main/x/side-effect.css',
      'src/main/x/d.ts',
      '@scope/pkg',
    ])
  })

  it('does not read imports written inside template literals or comments as the file’s own', () => {
    const text = [
      "import a from './a.ts'",
      "const snippet = `import { createServer } from 'node:http'",
      "import b from 'nowhere'",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is a source file with template literals
      '${`nested ${"import c from \'deeper\'"}`}`',
      "// import d from 'commented'",
      "/* import e from 'block' */",
      "export { f } from './f.ts'",
    ].join('\n')
    expect(importsOf(root, 'src/main/x/file.ts', text).map((edge) => edge.to)).toEqual([
      'src/main/x/a.ts',
      'src/main/x/f.ts',
    ])
  })
})
