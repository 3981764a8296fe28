// Every screen, in both themes, scanned with axe (WCAG 2.1 A and AA): no serious or critical violation.
import { expect, test } from './fixtures/app.ts'
import { violationsOn } from './fixtures/axe.ts'

/** Each screen with the views inside it, by their address. */
const screens = {
  Decisions: ['/decisions?view=batch', '/decisions?view=runs'],
  Images: ['/images?view=gallery'],
  Videos: ['/videos?panel=new', '/videos?panel=webhooks'],
  Models: ['/models?model=aurora%2Fflash-2', '/models?view=plot', '/models?view=changes'],
  Playground: ['/playground?tab=generate', '/playground?tab=caches', '/playground?tab=saved'],
  Settings: [],
} as const satisfies Record<string, readonly string[]>

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

test('the video board with jobs on it passes an axe scan in both themes, and says each webhook’s verdict', async ({
  app,
}) => {
  const { page } = app
  await page.getByRole('link', { name: 'Videos' }).click()
  for (const prompt of ['A kite over a beach', 'A paper boat']) {
    await page.getByRole('button', { name: 'New video' }).click()
    const form = page.getByRole('form', { name: 'New video' })
    await expect(form.getByRole('combobox', { name: 'Model' })).not.toHaveValue('')
    await form.getByLabel('Prompt').fill(prompt)
    await form.getByRole('button', { name: 'Create video' }).click()
    // Its card says the sandbox's webhook arrived and was verified, without opening the job.
    await expect(
      page.getByRole('button', { name: new RegExp(`${prompt}, .*webhook verified`) }),
    ).toBeVisible()
  }
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect.poll(() => violationsOn(page, `board (${scheme})`), { timeout: 20_000 }).toEqual([])
  }
})
