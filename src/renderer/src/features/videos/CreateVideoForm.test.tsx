// A person who opens the form on a first launch may write the prompt before the models arrive: the form does
// not take a click it cannot act on, and when the models never arrive it says so at the model field.
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { renderInPage, until } from '../../test-page.tsx'
import { CreateVideoForm } from './CreateVideoForm.tsx'
import { useUnsentVideo } from './draft.ts'

const videoModel = { id: 'lumen/motion-2', name: 'Motion 2', pricePerSecond: '0.10', audio: false }

/** A core whose video models arrive (or fail) only when the test says; it records the jobs created. */
function slowModelsCore() {
  const created: unknown[] = []
  const asked: string[] = []
  /** The asks for the models waiting for the test's answer: the models, or none (a failure). */
  const waiting: ((models: (typeof videoModel)[] | null) => void)[] = []
  /** Once the models arrived, later asks (a model chosen, a keystroke) are answered at once. */
  let arrived: (typeof videoModel)[] | null = null
  const settle = (models: (typeof videoModel)[] | null) => {
    arrived = models
    for (const answer of waiting.splice(0)) answer(models)
  }
  const answers: Record<string, (input: unknown) => Promise<unknown>> = {
    'profiles.list': async () => [{ id: 'p1', name: 'Sandbox', active: true }],
    'videos.models': async (input) => {
      const models =
        arrived ?? (await new Promise<(typeof videoModel)[] | null>((resolve) => waiting.push(resolve)))
      if (!models) throw new Error('The unified listing did not answer.')
      const { chosen } = input as { chosen: string }
      return { models, total: models.length, chosen: models.find((model) => model.id === chosen) ?? null }
    },
    'receiver.state': async () => ({ callbackUrl: null }),
    'videos.create': async (input) => {
      created.push(input)
      return { id: 'job-1' }
    },
  }
  const bridge = {
    invoke: async (route: string, input: unknown) => {
      asked.push(route)
      const answer = answers[route]
      if (!answer) return { ok: true, data: null }
      try {
        return { ok: true, data: await answer(input) }
      } catch (error) {
        return { ok: false, error: { code: 'unavailable', message: (error as Error).message } }
      }
    },
    on: () => () => {},
  } as unknown as Bridge
  return { bridge, created, asked, settle, waiting }
}

afterEach(() => {
  document.body.innerHTML = ''
})
// What a form closed by an earlier test kept is not this test's to start from.
beforeEach(() => {
  useUnsentVideo.setState({ draft: null })
})

async function openForm(modelsWanted?: boolean, typed: string | null = 'A kite') {
  const core = slowModelsCore()
  const opened: string[] = []
  const form = (wanted?: boolean) => (
    <CreateVideoForm onCreated={(id) => opened.push(id)} onClose={() => {}} modelsWanted={wanted} />
  )
  const { container, rerender, unmount } = await renderInPage(form(modelsWanted), core.bridge)
  const wantModels = () => rerender(form(true))
  const prompt = container.querySelector('textarea') as HTMLTextAreaElement
  if (typed !== null)
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(prompt, typed)
      prompt.dispatchEvent(new Event('input', { bubbles: true }))
    })
  const submit = container.querySelector('button[type="submit"]') as HTMLButtonElement
  const modelField = container.querySelector('input[role="combobox"]') as HTMLInputElement
  const formElement = container.querySelector('form') as HTMLFormElement
  const send = () => act(async () => formElement.requestSubmit())
  return {
    core,
    container,
    prompt,
    submit,
    modelField,
    send,
    opened,
    wantModels,
    unmount,
  }
}

describe('the new video form on a first launch', () => {
  it('holds Create while the models load, then creates with the first model', async () => {
    const view = await openForm()
    expect(view.modelField.placeholder).toBe('Loading the models…')
    expect(view.submit.disabled).toBe(true)

    await until(() => view.core.waiting.length === 1)
    view.core.settle([videoModel])
    await until(() => !view.submit.disabled)
    expect(view.modelField.value).toContain('Motion 2')
    await view.send()
    await until(() => view.opened.length === 1)
    expect(view.core.created).toHaveLength(1)
    expect(view.core.created[0]).toMatchObject({ request: { model: 'lumen/motion-2', prompt: 'A kite' } })
  })

  it('says the models did not load, and asks again with Retry', async () => {
    const view = await openForm()
    await until(() => view.core.waiting.length === 1)
    view.core.settle(null)
    await until(() => view.modelField.placeholder === 'The models did not load')
    const alert = view.container.querySelector('[role="alert"]')
    expect(alert?.textContent).toContain('The unified listing did not answer.')
    const retry = [...(alert?.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent === 'Retry',
    )
    expect(retry).toBeDefined()

    await act(async () => retry?.click())
    await until(() => view.core.waiting.length === 1)
    view.core.settle([videoModel])
    await until(() => !view.submit.disabled && view.modelField.value.includes('Motion 2'))
    expect(view.container.querySelector('[role="alert"]')).toBeNull()
  })

  it('says at the model field that the service lists no video model', async () => {
    const view = await openForm()
    await until(() => view.core.waiting.length === 1)
    view.core.settle([])
    await until(() => !view.submit.disabled)
    expect(view.modelField.getAttribute('aria-invalid')).toBeNull()

    await view.send()
    const error = view.container.querySelector(`#${CSS.escape(view.modelField.id)}-error`)
    expect(error?.textContent).toBe('The service lists no video model.')
    expect(view.modelField.getAttribute('aria-invalid')).toBe('true')
    expect(view.modelField.getAttribute('aria-describedby')).toBe(error?.id)
    expect(view.core.created).toEqual([])
  })

  it('asks for the models only once the board wants them (its jobs come first at start)', async () => {
    const view = await openForm(false)
    await until(() => view.core.asked.includes('receiver.state'))
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(view.core.asked).not.toContain('videos.models')
    expect(view.modelField.placeholder).toBe('Loading the models…')

    await view.wantModels()
    await until(() => view.core.waiting.length === 1)
    view.core.settle([videoModel])
    await until(() => !view.submit.disabled)
    expect(view.core.asked).toContain('videos.models')
  })

  it('keeps what was typed when it closes, and starts empty after a job was created', async () => {
    const first = await openForm(true, 'A kept draft')
    await first.unmount()
    const again = await openForm(true, null)
    expect(again.prompt.value).toBe('A kept draft')
    await until(() => again.core.waiting.length === 1)
    again.core.settle([videoModel])
    await until(() => !again.submit.disabled)
    await again.send()
    await until(() => again.core.created.length === 1)
    await again.unmount()
    const after = await openForm(true, null)
    expect(after.prompt.value).toBe('')
  })
})
