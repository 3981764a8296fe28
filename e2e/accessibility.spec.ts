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
