// Every screen, in both themes, scanned with axe (WCAG 2.1 A and AA): no serious or critical violation.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures/app.ts'

const screens = ['Decisions', 'Images', 'Videos', 'Models', 'Playground', 'Settings'] as const
/** Views inside the screens, by their address. */
const views = [
  '/decisions?view=batch',
  '/decisions?view=runs',
  '/images?view=gallery',
  '/videos?panel=new',
  '/videos?panel=webhooks',
  '/models?model=aurora%2Fflash-2',
  '/models?view=plot',
  '/models?view=changes',
  '/playground?tab=generate',
  '/playground?tab=caches',
  '/playground?tab=saved',
] as const

for (const scheme of ['light', 'dark'] as const) {
  test(`every screen passes an axe scan in the ${scheme} theme`, async ({ app }) => {
    const { page } = app
    await page.emulateMedia({ colorScheme: scheme })
    const found: string[] = []
    const visits = [
      ...screens.map((screen) => ({
        name: screen,
        open: () => page.getByRole('link', { name: screen }).click(),
      })),
      ...views.map((view) => ({
        name: view,
        open: () =>
          page.evaluate((hash) => {
            ;(globalThis as unknown as { location: { hash: string } }).location.hash = hash
          }, view),
      })),
    ]
    for (const { name: screen, open } of visits) {
      await open()
      await expect(page.locator('main h1')).toBeVisible()
      // Let data-driven parts (catalog, lists) settle before scanning.
      await page.waitForTimeout(300)
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze()
      for (const violation of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
        found.push(
          `${screen}: ${violation.id} (${violation.impact}) — ${violation.help}\n    ${violation.nodes
            .slice(0, 3)
            .map(
              (node) =>
                `${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`,
            )
            .join('\n    ')}`,
        )
    }
    expect(found, found.join('\n')).toEqual([])
  })
}

test('the keyboard reaches the controls of a screen, each with a visible focus', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Models' }).click()
  await expect(page.getByRole('list', { name: 'Models' }).getByRole('listitem').first()).toBeVisible()
  const stops: { name: string; outline: string }[] = []
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab')
    stops.push(
      await page.evaluate(() => {
        const scope = globalThis as unknown as {
          document: {
            activeElement: {
              tagName: string
              textContent: string | null
              getAttribute(n: string): string | null
            }
          }
          getComputedStyle(element: unknown): { outlineStyle: string; outlineWidth: string }
        }
        const element = scope.document.activeElement
        const style = scope.getComputedStyle(element)
        return {
          name: `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? ''}`,
          outline: `${style.outlineStyle} ${style.outlineWidth}`,
        }
      }),
    )
  }
  // The sidebar, the filters and the table's controls are all on the way.
  expect(stops.some((stop) => stop.name.startsWith('a Settings'))).toBe(true)
  expect(stops.some((stop) => stop.name.startsWith('select'))).toBe(true)
  expect(stops.some((stop) => stop.name.startsWith('button Prompt $/1M'))).toBe(true)
  expect(stops.filter((stop) => stop.outline.startsWith('none') || stop.outline.endsWith(' 0px'))).toEqual([])
})
