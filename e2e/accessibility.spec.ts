// Every screen, in both themes, scanned with axe (WCAG 2.1 A and AA): no serious or critical violation.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/app.ts'

/** Each screen with the views inside it, by their address. */
const screens = {
  Decisions: ['/decisions?view=batch', '/decisions?view=runs'],
  Images: ['/images?view=gallery'],
  Videos: ['/videos?panel=new', '/videos?panel=webhooks'],
  Models: ['/models?model=aurora%2Fflash-2', '/models?view=plot', '/models?view=changes'],
  Playground: ['/playground?tab=generate', '/playground?tab=caches', '/playground?tab=saved'],
  Settings: [],
} as const satisfies Record<string, readonly string[]>

/** Serious and critical WCAG 2.1 A/AA violations on the page as it is now, one line each. */
async function violationsOn(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) — ${violation.help}\n    ${violation.nodes
          .slice(0, 3)
          .map(
            (node) =>
              `${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`,
          )
          .join('\n    ')}`,
    )
}

for (const scheme of ['light', 'dark'] as const) {
  for (const [screen, views] of Object.entries(screens)) {
    test(`${screen} and its views pass an axe scan in the ${scheme} theme`, async ({ app }) => {
      const { page } = app
      await page.emulateMedia({ colorScheme: scheme })
      const visits = [
        { where: screen, open: () => page.getByRole('link', { name: screen }).click() },
        ...views.map((view) => ({
          where: view,
          open: () =>
            page.evaluate((hash) => {
              ;(globalThis as unknown as { location: { hash: string } }).location.hash = hash
            }, view),
        })),
      ]
      for (const { where, open } of visits) {
        await open()
        await expect(page.locator('main h1')).toBeVisible()
        // Data-driven parts (catalog, lists) arrive after the heading: scan again until the page is clean
        // or the budget runs out; a failure shows what the last scan found.
        await expect.poll(() => violationsOn(page, where), { timeout: 20_000 }).toEqual([])
      }
    })
  }
}

test('the keyboard reaches the controls of a screen, each with a visible focus', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Models' }).click()
  await expect(
    page.getByRole('table', { name: 'Models' }).getByRole('rowgroup').getByRole('row').first(),
  ).toBeVisible()
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
