// Forwarding webhooks to the person's own server, by clicking: set "Forward to", watch a real delivery reach a
// plain Node server with its answer shown on the delivery, send it again byte for byte, send a test delivery,
// and read a server that is down in words.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, screenshot, test } from './fixtures/app.ts'

interface Received {
  headers: IncomingMessage['headers']
  body: Buffer
}

async function personsServer() {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) })
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"handled":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

test('forwards deliveries to the person’s server and shows what it answered', async ({ app }) => {
  const { page } = app
  const server = await personsServer()
  try {
    await page.getByRole('link', { name: 'Videos' }).click()
    await page.getByRole('button', { name: 'Webhooks' }).click()
    const webhooks = page.getByRole('complementary', { name: 'Webhooks' })
    await expect(webhooks.getByText(/^Off\. Give the address/)).toBeVisible()
    await expect(webhooks.getByRole('button', { name: 'Send test delivery' })).toBeDisabled()
    await webhooks.getByLabel('Forward to', { exact: true }).fill('localhost:3000')
    await webhooks.getByRole('button', { name: 'Save' }).click()
    await expect(
      webhooks.getByText('Enter a full address, such as http://localhost:3000/webhooks.'),
    ).toBeVisible()
    await webhooks.getByLabel('Forward to', { exact: true }).fill(server.url)
    await webhooks.getByLabel('Forward to', { exact: true }).press('Enter')
    await expect(
      webhooks.getByText(`Each verified delivery is passed on to ${server.url}`, { exact: false }),
    ).toBeVisible()

    await page.getByRole('button', { name: 'New video' }).click()
    const form = page.getByRole('form', { name: 'New video' })
    await expect(form.getByRole('combobox', { name: 'Model' })).not.toHaveValue('')
    await form.getByLabel('Prompt').fill('A lighthouse in fog, forwarded')
    await form.getByRole('button', { name: 'Create video' }).click()
    await expect(page.getByRole('complementary', { name: 'Job detail' }).getByText('Completed')).toBeVisible({
      timeout: 15_000,
    })
    await page.getByRole('button', { name: 'Webhooks' }).click()
    const list = webhooks.getByRole('list', { name: 'Webhook deliveries' })
    const row = list.getByRole('button', { name: /A lighthouse in fog, forwarded/ })
    await expect(row).toContainText(/Your server: 200 · \d+ ms/)
    expect(server.received).toHaveLength(1)
    expect(server.received[0]!.headers['x-svc-signature']).toMatch(/^[A-Za-z0-9_-]{43}$/)

    await row.click()
    const answers = webhooks.getByRole('region', { name: 'Your server’s answers' })
    await expect(answers.getByText(/Forwarded to http:\/\/127\.0\.0\.1/)).toBeVisible()
    await webhooks.getByRole('button', { name: 'Send again' }).first().click()
    await expect(answers.getByText(/Sent again to/)).toBeVisible()
    expect(server.received).toHaveLength(2)
    expect(server.received[1]!.body.equals(server.received[0]!.body)).toBe(true)
    expect(server.received[1]!.headers['x-svc-signature']).toBe(
      server.received[0]!.headers['x-svc-signature'],
    )
    await answers.getByText('Your server’s answer').first().click()
    await expect(answers.getByText('{"handled":true}').first()).toBeVisible()

    await webhooks.getByRole('combobox', { name: 'Event' }).selectOption('failed')
    await webhooks.getByRole('button', { name: 'Send test delivery' }).click()
    const tests = webhooks.getByRole('list', { name: 'Test deliveries' })
    await expect(tests.getByText(/^200 · \d+ ms$/)).toBeVisible()
    await expect(tests.getByText(/video\.generation\.failed to http/)).toBeVisible()
    expect(server.received[2]!.headers['x-svc-idempotency-key']).toMatch(/-failed$/)
    await screenshot(page, 'videos-forwarding-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'videos-forwarding-dark')
    await page.emulateMedia({ colorScheme: 'light' })

    await server.close()
    await tests.getByRole('button', { name: 'Send again' }).first().click()
    await expect(
      tests.getByText(/^Nothing is listening at 127\.0\.0\.1:\d+\. Is your server running\?$/),
    ).toBeVisible()
    await webhooks.getByRole('button', { name: 'Stop forwarding' }).click()
    await expect(webhooks.getByText(/^Off\. Give the address/)).toBeVisible()
  } finally {
    await server.close().catch(() => {})
  }
})
