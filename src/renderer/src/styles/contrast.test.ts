// The theme's colours against WCAG AA (4.5:1 for text): status text on its own tint, muted and accent text,
// in both themes, read from the tokens as the app ships them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const css = readFileSync(join(import.meta.dirname, 'tokens.css'), 'utf8')

/** The colour tokens of one theme's block (`:root {` or `:root[data-theme="dark"] {`). */
function tokensOf(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`)
  const block = css.slice(start, css.indexOf('}', start))
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1], m[2]]))
}

const channels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
const luminance = (hex: string) => {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (high + 0.05) / (low + 0.05)
}
/** `color-mix(in srgb, color share%, background)`, as the status pills tint themselves. */
const mix = (color: string, share: number, background: string) =>
  `#${channels(color)
    .map((value, at) => Math.round(value * share + (channels(background)[at] ?? 0) * (1 - share)))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`

describe.each([
  ['light', ':root'],
  ['dark', ':root[data-theme="dark"]'],
])('the %s theme', (_, selector) => {
  const tokens = { ...tokensOf(':root'), ...tokensOf(selector) }
  const surfaces = ['bg', 'bg-raised', 'bg-sunken'].map((name) => tokens[name] as string)

  it.each(['ok', 'warn', 'danger'])(
    'writes %s text on its own tint at 4.5:1 or more on every surface',
    (name) => {
      const color = tokens[name] as string
      for (const surface of surfaces)
        expect(contrast(color, mix(color, 0.14, surface))).toBeGreaterThanOrEqual(4.5)
    },
  )

  it('writes muted text and links at 4.5:1 or more', () => {
    for (const surface of surfaces)
      expect(contrast(tokens['text-muted'] as string, surface)).toBeGreaterThanOrEqual(4.5)
    expect(
      contrast(tokens['accent-strong'] as string, tokens['accent-soft'] as string),
    ).toBeGreaterThanOrEqual(4.5)
  })
})
