// The app by keyboard: the skip link past the sidebar, the command palette, Escape on panels and forms with focus
// going in and back, arrow keys within tab lists.
import { expect, test } from './fixtures/app.ts'

test('runs actions from the command palette, closes panels with Escape, and moves through tabs with arrows', async ({
  app,
}) => {
  const { page } = app
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // Ctrl+K: search, choose, run.
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  const search = palette.getByRole('combobox', { name: 'Search screens, actions and items' })
  await expect(search).toBeFocused()
  await search.fill('zzz nothing')
  await expect(palette.getByText('Nothing matches “zzz nothing”.')).toBeVisible()
  await search.fill('new video')
  await expect(palette.getByRole('option')).toHaveCount(1)
  await search.press('Enter')
  await expect(palette).toHaveCount(0)
  const form = page.getByRole('form', { name: 'New video' })
  await expect(form.getByLabel('Prompt')).toBeFocused()

  // Escape closes the form; a panel opened by a button gives the focus back to it when closed.
  await page.keyboard.press('Escape')
  await expect(form).toHaveCount(0)
  const webhooksButton = page.getByRole('button', { name: 'Webhooks' })
  await webhooksButton.focus()
  await page.keyboard.press('Enter')
  const webhooks = page.getByRole('complementary', { name: 'Webhooks' })
  await expect(webhooks).toBeFocused()
  // On the Sandbox a tunnel is not the next step: Start tunnel is not the loudest button.
  await expect(webhooks.getByRole('button', { name: 'Start tunnel' })).not.toHaveClass(/button--primary/)
  await expect(webhooks).toContainText('The Sandbox reaches the receiver on this computer')
  await page.keyboard.press('Escape')
  await expect(webhooks).toHaveCount(0)
  await expect(webhooksButton).toBeFocused()

  // The command run last comes first; the screens follow in the sidebar's order, however they were last
  // opened; a model is found by its name and opened.
  await page.keyboard.press('Control+4')
  await expect(page.getByRole('heading', { level: 1, name: 'Models' })).toBeVisible()
  await page.keyboard.press('Control+k')
  await expect(palette.getByRole('option').first()).toHaveText(/New video job/)
  await expect(search).toHaveJSProperty('offsetHeight', 48)
  const screensListed = (await palette.getByRole('option', { name: /^Go to / }).allTextContents()).map(
    (text) => text.replace(/^Go to (Decisions|Images|Videos|Models|Playground|Settings).*$/, '$1'),
  )
  expect(screensListed).toEqual(['Decisions', 'Images', 'Videos', 'Models', 'Playground', 'Settings'])
  await search.fill('flash 2')
  await palette.getByRole('option', { name: /Open model Aurora Flash 2/ }).click()
  await expect(page.getByRole('complementary', { name: 'Model aurora/flash-2' })).toBeVisible()
  // What is open brings its own commands: this model can be compared.
  await page.keyboard.press('Control+k')
  await search.fill('compare this')
  await search.press('Enter')
  await expect(page.getByRole('tab', { name: 'Compare (1)' })).toHaveAttribute('aria-selected', 'true')

  // A screen by the palette, then its tabs by arrow keys.
  await page.keyboard.press('Control+k')
  await search.fill('go play')
  await search.press('Enter')
  const messagesTab = page.getByRole('tab', { name: 'Messages' })
  await messagesTab.focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Generate content' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: 'Generate content' })).toBeFocused()
  await page.keyboard.press('End')
  await expect(page.getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(messagesTab).toHaveAttribute('aria-selected', 'true')
  // Actions beyond the screens: a profile added from the palette opens its form in Settings.
  await page.keyboard.press('Control+k')
  await search.fill('add a profile')
  await search.press('Enter')
  await expect(page.getByRole('form', { name: 'New profile' })).toBeVisible()
  await page.keyboard.press('Control+k')
  await search.fill('export this month')
  await expect(palette.getByRole('option', { name: /Export this month’s spend as CSV/ })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Control+1')
  await page.keyboard.press('Control+k')
  await search.fill('save the questionnaire')
  await expect(palette.getByRole('option', { name: /Save the questionnaire/ })).toBeVisible()
  // Each Decisions view by name, however deep the focus is in another.
  await search.fill('run a batch')
  await search.press('Enter')
  await expect(page.getByRole('tab', { name: 'Batch' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Control+k')
  await search.fill('build and run')
  await search.press('Enter')
  await expect(page.getByRole('tab', { name: 'Build and run' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Control+k')
  await search.fill('go play')
  await search.press('Enter')
  await messagesTab.focus()
  // The tab strip is one Tab stop: Tab leaves it, Shift+Tab comes back to the chosen tab.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('tab')).not.toHaveCount(0)
  for (const tab of await page.getByRole('tab').all()) await expect(tab).not.toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(messagesTab).toBeFocused()
})

test('an arrow key on a closed picker that opens a questionnaire opens none', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Decisions' }).click()
  const name = page.getByRole('textbox', { name: 'Questionnaire name' })
  const before = await name.inputValue()
  for (const picker of ['Start from a template', 'Open a saved questionnaire']) {
    await page.getByRole('combobox', { name: picker }).focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Escape')
    await expect(name).toHaveValue(before)
  }
  // A choice still opens one.
  await page.getByRole('combobox', { name: 'Start from a template' }).selectOption('Support ticket triage')
  await expect(name).toHaveValue('Support ticket triage')
})

test('the first Tab stop skips the sidebar to the screen', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Models' }).click()
  // As the window first shows (the screen last open comes back): nothing has the focus yet.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Models' })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('button', { name: 'Skip to the screen' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main', { name: 'Models' })).toBeFocused()
  await expect(skip).not.toBeInViewport()
  // The next stop is the screen's first control, not a link of the sidebar.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('main', { name: 'Models' }).locator(':focus')).toHaveCount(1)
  // Once left, the screen takes no focus of its own again (a click on its text leaves the focus on the page).
  await expect(page.getByRole('main', { name: 'Models' })).not.toHaveAttribute('tabindex')
})
