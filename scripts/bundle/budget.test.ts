import { describe, expect, it } from 'vitest'
import { initialScripts } from './budget.ts'

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
