// On a first launch the catalog may still be arriving when a person types their first message: Send waits for
// the starting model and says why, and the turn then goes out with that model (it is never dropped unsent).
import { act, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { renderInPage, until } from '../../test-page.tsx'
import { catalogModel } from '../../testing/catalog-model.ts'
import { type MessagesConversation, newMessagesConversation } from './conversation.ts'
import { MessagesPlayground } from './MessagesPlayground.tsx'

const chatModel = catalogModel('nimbus/chat-4', { name: 'Chat 4', styles: ['unified', 'messages'] })

/** A core whose catalog answers only when the test releases it; it records the calls the page makes. */
function slowCatalogCore() {
  const calls: { route: string; input: unknown }[] = []
  let release: () => void = () => {}
  const catalogArrives = new Promise<void>((resolve) => {
    release = resolve
  })
  const answers: Record<string, (input: unknown) => Promise<unknown>> = {
    'profiles.list': async () => [{ id: 'p1', name: 'Sandbox', active: true }],
    'catalog.choices': async (input) => {
      await catalogArrives
      const models = [{ id: chatModel.id, name: chatModel.name, roles: chatModel.roles }]
      const chosen = models.find((model) => model.id === (input as { chosen: string }).chosen) ?? null
      return { models, total: models.length, chosen }
    },
    'catalog.model': async () => ({ model: chatModel, raw: {}, fetchedAt: 1 }),
    'streams.messages': async () => ({ requestId: 'started' }),
  }
  const bridge = {
    invoke: async (route: string, input: unknown) => {
      calls.push({ route, input })
      const answer = answers[route]
      return answer ? { ok: true, data: await answer(input) } : { ok: true, data: null }
    },
    on: () => () => {},
  } as unknown as Bridge
  return { bridge, calls, release }
}

function Conversation() {
  const [conversation, setConversation] = useState<MessagesConversation>(newMessagesConversation())
  return <MessagesPlayground conversation={conversation} onChange={setConversation} />
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the messages playground on a first launch', () => {
  it('holds Send while the models arrive, then sends the first message with the starting model', async () => {
    const core = slowCatalogCore()
    const { container } = await renderInPage(<Conversation />, core.bridge)
    const message = container.querySelector('form[aria-label="Next turn"] textarea') as HTMLTextAreaElement
    const send = () => container.querySelector('button[type="submit"]') as HTMLButtonElement
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(
        message,
        'Hello there',
      )
      message.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await until(() => core.calls.some((call) => call.route === 'catalog.choices'))
    expect(send().disabled).toBe(true)
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Loading the models…')

    await act(async () => core.release())
    await until(() => !send().disabled)
    expect(container.querySelector('[role="status"]')).toBeNull()
    await act(async () => send().click())
    await until(() => core.calls.some((call) => call.route === 'streams.messages'))
    const started = core.calls.find((call) => call.route === 'streams.messages')?.input as {
      body: { model: string; messages: unknown[] }
    }
    expect(started.body.model).toBe('nimbus/chat-4')
    expect(started.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hello there' }] },
    ])
  })
})
