import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { chunkWithImports, holdsSchemaLibrary, initialScripts } from './budget.ts'

describe('the initial renderer JavaScript', () => {
  it('is the entry script and the modules it preloads, not the screens loaded later', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="./assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/react-def.js">
      <link rel="stylesheet" crossorigin href="./assets/index-ghi.css">
      </head><body><div id="root"></div></body></html>`
    expect(initialScripts(html)).toEqual(['./assets/index-abc.js', './assets/react-def.js'])
  })
})

describe("the first screen's JavaScript", () => {
  it('is its chunk and what it imports, followed, but not what it imports on demand', () => {
    const assets = mkdtempSync(join(tmpdir(), 'gd-budget-'))
    onTestFinished(() => rmSync(assets, { recursive: true, force: true }))
    const chunks: Record<string, string> = {
      'Screen-a1.js':
        'import{a as e,b as t}from"./shared-b2.js";import"./side-c3.js";const f=()=>import("./later-d4.js")',
      'shared-b2.js': 'export{x as a}from"./schemas-e5.js";var y=1',
      'side-c3.js': 'import{r}from"./shared-b2.js";console.log(r)',
      'schemas-e5.js': 'class ZodError extends Error{}export{ZodError as x}',
      'later-d4.js': 'import"./never-f6.js"',
      'never-f6.js': '',
    }
    for (const [file, code] of Object.entries(chunks)) writeFileSync(join(assets, file), code)
    const loaded = chunkWithImports(assets, 'Screen-a1.js')
    expect(loaded.sort()).toEqual(['Screen-a1.js', 'schemas-e5.js', 'shared-b2.js', 'side-c3.js'])
    expect(loaded.filter((file) => holdsSchemaLibrary(join(assets, file)))).toEqual(['schemas-e5.js'])
  })
})
