// A request that sends a file inline is shown with the file as its type and size, and written as a program that
// reads the file from disk: no view or snippet holds pages of base64.
import { describe, expect, it } from 'vitest'
import { snippetsFor } from './code-snippets.ts'
import { shownInline } from './inline-files.ts'

const png = `iVBORw0KGgo${'A'.repeat(4000)}`
const generate = {
  method: 'POST' as const,
  url: 'http://127.0.0.1:1/gen-native/v1beta/models/aurora/flash-2:generateContent',
  body: {
    contents: [
      { role: 'user', parts: [{ text: 'hi' }, { inlineData: { mimeType: 'image/png', data: png } }] },
    ],
  },
}

describe('files sent inline', () => {
  it('show as their type and size, wherever they sit: inlineData, a base64 source, a data: URL', () => {
    expect(
      shownInline({
        parts: [{ inlineData: { mimeType: 'image/png', data: png } }],
        content: [{ type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: png } }],
        image_url: `data:image/webp;base64,${png}`,
        note: 'short text stays',
      }),
    ).toEqual({
      parts: [{ inlineData: { mimeType: 'image/png', data: '‹image/png, 3 KiB inline›' } }],
      content: [
        {
          type: 'image',
          source: { type: 'base64', media_type: 'image/jpeg', data: '‹image/jpeg, 3 KiB inline›' },
        },
      ],
      image_url: '‹image/webp, 3 KiB inline›',
      note: 'short text stays',
    })
  })

  it('are read from a file beside the program in every snippet', () => {
    for (const snippet of snippetsFor(generate)) {
      expect(snippet.code).not.toContain(png)
      expect(snippet.code).toContain('file-1.png')
      expect(snippet.code).toMatch(
        snippet.language === 'TypeScript'
          ? /import \{ readFileSync \} from 'node:fs'[\s\S]*readFileSync\('file-1\.png'\)\.toString\('base64'\)/
          : /import base64[\s\S]*base64\.b64encode\(open\("file-1\.png", "rb"\)\.read\(\)\)\.decode\(\)/,
      )
    }
  })

  it('leave a request without one as it was', () => {
    const plain = { ...generate, body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] } }
    for (const snippet of snippetsFor(plain)) expect(snippet.code).not.toContain("readFileSync('file")
  })
})
