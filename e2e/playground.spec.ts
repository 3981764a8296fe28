// The native-protocol playground against the sandbox: a streamed messages conversation with a tool round trip;
// a generateContent turn with thoughts and an inline image; a cache created, used twice, deleted; an expired
// cache.
import { chooseModel, expect, screenshot, test } from './fixtures/app.ts'

const tools = JSON.stringify([
  {
    name: 'get_weather',
    description: 'Current weather in a city',
    input_schema: { type: 'object', properties: { city: { type: 'string' } } },
  },
])

test('streams a messages conversation with a tool round trip, and shows each turn on the wire', async ({
  app,
}) => {
  const { page } = app
  await page.getByRole('link', { name: 'Playground' }).click()
  const settings = page.getByRole('region', { name: 'Messages settings' })
  await chooseModel(settings, 'nimbus/chat-4')
  // An empty tools field reads as empty; the example is one click away.
  await expect(settings.getByLabel('Tools (JSON)')).toHaveValue('')
  await expect(settings.getByLabel('Tools (JSON)')).toHaveAttribute('placeholder', /^None\./)
  await settings.getByRole('button', { name: 'Insert an example tool' }).click()
  await expect(settings.getByLabel('Tools (JSON)')).toHaveValue(/"name": "get_weather"/)
  await settings.getByLabel('Tools (JSON)').fill('[{"name": 1}]')
  await expect(settings.getByText(/Tools must be an array/)).toBeVisible()
  await settings.getByLabel('Tools (JSON)').fill(tools)
  await expect(settings.getByText('get_weather', { exact: true })).toBeVisible()

  const composer = page.getByRole('form', { name: 'Next turn' })
  await composer.getByLabel('Your message').fill('Use get weather for Oslo please')
  await composer.getByRole('button', { name: 'Send' }).click()
  const card = page.getByRole('article', { name: 'Tool call get_weather' })
  await expect(card).toBeVisible()
  await expect(page.getByText('stop_reason tool_use')).toBeVisible()
  await card.getByLabel('tool_result for get_weather').fill('12°C and raining')
  await card.getByRole('button', { name: 'Send result and continue' }).click()
  // The answer's text (the wire view may also show it inside one stream event).
  await expect(
    page.locator('.turn__text').filter({ hasText: /The tool returned: 12°C and raining/ }),
  ).toBeVisible()
  await expect(page.getByText('stop_reason end_turn')).toBeVisible()

  const wire = page.locator('details.wire').last()
  await wire.locator(':scope > summary').click()
  await expect(wire).toContainText(/first token after \d+ ms/)
  await expect(wire.getByRole('region', { name: 'Request' })).toContainText('x-api-key: ••••')
  await expect(wire.getByRole('list', { name: 'Stream events' })).toContainText('message_stop')
  // Get code: the same request as a program, with the SDK, the key from the environment.
  const code = wire.locator('details.get-code')
  await code.locator(':scope > summary').click()
  await code.getByRole('tab', { name: 'TypeScript · @anthropic-ai/sdk' }).click()
  await expect(code.locator('pre')).toContainText('new Anthropic(')
  await expect(code.locator('pre')).toContainText('process.env.GATEWAY_API_KEY')
  await code.getByRole('tab', { name: 'Python · anthropic' }).click()
  await expect(code.locator('pre')).toContainText('client.messages.stream(')
  await expect(code.locator('pre')).not.toContainText('sk-sandbox')
  await screenshot(page, 'playground-messages-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'playground-messages-dark')

  await page.getByRole('tab', { name: 'Saved' }).click()
  await expect(page.getByRole('region', { name: 'Saved conversations' })).toContainText(
    'Use get weather for Oslo please',
  )
})

test('a generateContent turn with thoughts and an inline image kept in the gallery', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Playground' }).click()
  await page.getByRole('tab', { name: 'Generate content' }).click()
  const settings = page.getByRole('region', { name: 'generateContent settings' })
  await chooseModel(settings, 'aurora/flash-image')
  // Generation settings are checked at the field and sent as typed.
  await settings.getByLabel('temperature').fill('3')
  await expect(settings.getByText('Use a number from 0 to 2.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled()
  await settings.getByLabel('temperature').fill('0.7')
  await settings.getByLabel('System instruction').fill('Draw in watercolour.')
  await page.getByLabel('Your message').fill('a red kite over the sea')
  await page.getByRole('button', { name: 'Send' }).click()
  const answer = page.getByRole('listitem', { name: 'Model' })
  await expect(answer.getByText(/Thoughts \(\d+\)/)).toBeVisible()
  await expect(answer.getByRole('img', { name: 'Inline part' })).toBeVisible()
  await expect(answer).toContainText('finishReason STOP')
  const wire = answer.locator('details.wire')
  await wire.locator(':scope > summary').click()
  await expect(wire.getByRole('region', { name: 'Request' })).toContainText('"temperature": 0.7')
  await expect(wire.getByRole('region', { name: 'Request' })).toContainText('Draw in watercolour.')
  await expect(answer).toContainText('kept in the gallery')
  await answer.getByText(/Thoughts \(\d+\)/).click()
  await screenshot(page, 'playground-generate-light')
  await page.getByRole('link', { name: 'Images' }).click()
  await page.getByRole('tab', { name: 'Gallery' }).click()
  await expect(page.getByRole('region', { name: 'Gallery' })).toContainText('a red kite over the sea')
})

test('creates a cache, uses it twice, deletes it; an expired cache is marked and explained', async ({
  app,
}) => {
  const { page } = app
  await page.getByRole('link', { name: 'Playground' }).click()
  await page.getByRole('tab', { name: 'Cached contents' }).click()
  const form = page.getByRole('form', { name: 'New cache' })
  await chooseModel(form, 'aurora/flash-2')
  await form.getByLabel('Name (optional)').fill('handbook')
  await form.getByLabel('Contents to cache').fill('The staff handbook. '.repeat(300))
  await form.getByLabel(/TTL in seconds/).fill('300')
  await expect(form.getByText(/must live between 600 and 3600 seconds/)).toBeVisible()
  await form.getByLabel(/TTL in seconds/).fill('900')
  await form.getByRole('button', { name: 'Create cache' }).click()
  const row = page.getByRole('listitem', { name: 'Cache handbook' })
  // The countdown shows, but is not a live region announced each second.
  await expect(row.locator('.cache-row__state')).toContainText(/expires in 1[45]:\d\d/)
  await expect(row.getByRole('status')).toHaveText('')
  await expect(row).toContainText(/written for \$/)
  await screenshot(page, 'playground-caches-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'playground-caches-dark')
  await page.emulateMedia({ colorScheme: 'light' })

  await row.getByRole('button', { name: 'Use in conversation' }).click()
  await page
    .getByRole('region', { name: 'generateContent settings' })
    .getByLabel('Stream the answer')
    .uncheck()
  for (const question of ['What does the handbook say?', 'And about holidays?']) {
    await page.getByLabel('Your message').fill(question)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('listitem', { name: 'Model' }).last().getByRole('status')).toContainText(
      /cached tokens cost .* without the cache they would have cost/,
    )
  }
  await expect(page.getByRole('listitem', { name: 'Model' })).toHaveCount(2)
  // With a cache each turn carries only its new content.
  const wire = page.locator('details.wire').last()
  await wire.locator(':scope > summary').click()
  await expect(wire.getByRole('region', { name: 'Request' })).not.toContainText('What does the handbook say?')

  await page.getByRole('tab', { name: 'Cached contents' }).click()
  await row.getByRole('button', { name: 'Delete' }).click()
  await expect(row.getByRole('status')).toHaveText('handbook: deleted')

  // Another cache, expired by the sandbox: checking it marks it, and using it is explained.
  await form.getByLabel('Name (optional)').fill('old notes')
  await form.getByLabel('Contents to cache').fill('Old notes. '.repeat(300))
  await form.getByRole('button', { name: 'Create cache' }).click()
  const old = page.getByRole('listitem', { name: 'Cache old notes' })
  const name = ((await old.locator('.cache-row__name').textContent()) ?? '').replace('cachedContents/', '')
  const sandboxUrl = (await page.getByText(/^http:\/\/127\.0\.0\.1:\d+$/).textContent()) ?? ''
  // The conversation under way is not replaced without asking.
  await old.getByRole('button', { name: 'Use in conversation' }).click()
  await page
    .getByRole('dialog', { name: /Start a new generateContent conversation with this cache/ })
    .getByRole('button', { name: 'Start with the cache' })
    .click()
  await expect(page.getByRole('listitem', { name: 'Model' })).toHaveCount(0)
  await page.request.post(`${sandboxUrl}/__sandbox/caches/${name}/expire`)
  await page.getByLabel('Your message').fill('Anything new?')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('alert')).toContainText('has expired or was deleted')
  await page.getByRole('tab', { name: 'Cached contents' }).click()
  await old.getByRole('button', { name: 'Check' }).click()
  await expect(old.getByRole('status')).toHaveText('old notes: expired')
})

test('answers a first message on the defaults, starts a new conversation clean, and reopens the last one after a restart', async ({
  app,
}) => {
  let page = app.page
  await page.getByRole('link', { name: 'Playground' }).click()
  const composer = page.getByRole('form', { name: 'Next turn' })
  await composer.getByLabel('Your message').fill('Hello there')
  await composer.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('stop_reason end_turn')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)

  // A model that cannot answer messages gives an error; a new conversation does not keep it.
  const settings = page.getByRole('region', { name: 'Messages settings' })
  const chosen = await settings.getByRole('combobox', { name: 'Model' }).inputValue()
  await page.getByRole('button', { name: 'New conversation' }).click()
  await chooseModel(settings, 'aurora/flash-image')
  await composer.getByLabel('Your message').fill('Hello again')
  await composer.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(page.getByRole('alert')).toHaveCount(0)

  page = await app.restart()
  await page.getByRole('link', { name: 'Playground' }).click()
  await expect(
    page.getByRole('region', { name: 'Messages settings' }).getByRole('combobox', { name: 'Model' }),
  ).toHaveValue(chosen)
  await expect(page.getByText('Hello there', { exact: true })).toBeVisible()
})

test('a turn the service failed is sent again with Retry, without typing it again', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Playground' }).click()
  const sandboxUrl = (await page.getByText(/^http:\/\/127\.0\.0\.1:\d+$/).textContent()) ?? ''
  await page.request.post(`${sandboxUrl}/__sandbox/faults`, { data: { upstreamError: 1 } })
  const composer = page.getByRole('form', { name: 'Next turn' })
  await composer.getByLabel('Your message').fill('Tell me about tides')
  await composer.getByRole('button', { name: 'Send' }).click()
  const failure = page.getByRole('alert')
  await expect(failure).toBeVisible()
  await page.request.post(`${sandboxUrl}/__sandbox/faults`, { data: { upstreamError: 0 } })
  await failure.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByText('stop_reason end_turn')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByText('Tell me about tides', { exact: true })).toHaveCount(1)
})

test('at 900×600 the composer never covers an answer', async ({ app }) => {
  const { page } = app
  await page.setViewportSize({ width: 900, height: 600 })
  await page.getByRole('link', { name: 'Playground' }).click()
  const composer = page.getByRole('form', { name: 'Next turn' })
  for (const question of ['Tell me about tides', 'And about waves']) {
    await composer.getByLabel('Your message').fill(question)
    await composer.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByText(question, { exact: true })).toBeVisible()
    await expect(composer.getByRole('button', { name: 'Send' })).toBeDisabled()
    await expect(composer.getByRole('button', { name: 'Stop' })).toHaveCount(0)
  }
  // Each turn, brought into view, is what the window shows at its middle: nothing lies over it.
  const turns = page.locator('.turn__text')
  await expect(turns).not.toHaveCount(0)
  for (const turn of await turns.all()) {
    await turn.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    const uncovered = await turn.evaluate((element) => {
      const box = element.getBoundingClientRect()
      const atMiddle = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      return atMiddle !== null && element.contains(atMiddle)
    })
    expect(uncovered).toBe(true)
  }
})
