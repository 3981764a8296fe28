// A person who opens the form on a first launch may write the prompt before the models arrive: the form does
// not take a click it cannot act on, and when the models never arrive it says so at the model field.
import { QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { createQueryClient } from '../../query.ts'
import { CreateVideoForm } from './CreateVideoForm.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const videoModel = {
  id: 'lumen/motion-2',
  name: 'Motion 2',
  pricing: { video_per_second: '0.10' },
  architecture: { output_modalities: ['video'] },
}

/** A core whose video models arrive (or fail) only when the test says; it records the jobs created. */
function slowModelsCore() {
  const created: unknown[] = []
  const asked: string[] = []
  let settle: (ok: boolean) => void = () => {}
  const models = new Promise<boolean>((resolve) => {
    settle = resolve
  })
  const answers: Record<string, (input: unknown) => Promise<unknown>> = {
    'profiles.list': async () => [{ id: 'p1', name: 'Sandbox', active: true }],
    'catalog.models': async () => {
      if (!(await models)) throw new Error('The unified listing did not answer.')
      return { models: [videoModel], fetchedAt: 1, fresh: true }
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
  return { bridge, created, asked, settle }
}

afterEach(() => {
  document.body.innerHTML = ''
})

const until = async (condition: () => boolean) => {
  while (!condition()) await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

async function openForm(modelsWanted?: boolean) {
  const core = slowModelsCore()
  Object.defineProperty(window, 'bridge', { value: core.bridge, configurable: true })
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  const opened: string[] = []
  const client = createQueryClient()
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <CreateVideoForm onCreated={(id) => opened.push(id)} onClose={() => {}} modelsWanted={modelsWanted} />
      </QueryClientProvider>,
    ),
  )
  const wantModels = () =>
    act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <CreateVideoForm onCreated={(id) => opened.push(id)} onClose={() => {}} modelsWanted />
        </QueryClientProvider>,
      ),
    )
  const prompt = container.querySelector('textarea') as HTMLTextAreaElement
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(prompt, 'A kite')
    prompt.dispatchEvent(new Event('input', { bubbles: true }))
  })
  const submit = container.querySelector('button[type="submit"]') as HTMLButtonElement
  const modelField = container.querySelector('input[role="combobox"]') as HTMLInputElement
  const form = container.querySelector('form') as HTMLFormElement
  const send = () => act(async () => form.requestSubmit())
  return {
    core,
    container,
    submit,
    modelField,
    send,
    opened,
    wantModels,
    unmount: () => act(() => root.unmount()),
  }
}

describe('the new video form on a first launch', () => {
  it('holds Create while the models load, then creates with the first model', async () => {
    const view = await openForm()
    expect(view.modelField.placeholder).toBe('Loading the models…')
    expect(view.submit.disabled).toBe(true)

    view.core.settle(true)
    await until(() => !view.submit.disabled)
    expect(view.modelField.value).toContain('Motion 2')
    await view.send()
    await until(() => view.opened.length === 1)
    expect(view.core.created).toHaveLength(1)
    expect(view.core.created[0]).toMatchObject({ request: { model: 'lumen/motion-2', prompt: 'A kite' } })
    await view.unmount()
  })

  it('says at the model field why it cannot create when the models did not load', async () => {
    const view = await openForm()
    view.core.settle(false)
    await until(() => view.modelField.placeholder === 'The models did not load')
    expect(view.submit.disabled).toBe(false)
    expect(view.modelField.getAttribute('aria-invalid')).toBeNull()

    await view.send()
    const error = view.container.querySelector(`#${CSS.escape(view.modelField.id)}-error`)
    expect(error?.textContent).toBe('Choose a model.')
    expect(view.modelField.getAttribute('aria-invalid')).toBe('true')
    expect(view.modelField.getAttribute('aria-describedby')).toBe(error?.id)
    expect(view.core.created).toEqual([])
    await view.unmount()
  })

  it('asks for the models only once the board wants them (its jobs come first at start)', async () => {
    const view = await openForm(false)
    await until(() => view.core.asked.includes('receiver.state'))
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(view.core.asked).not.toContain('catalog.models')
    expect(view.modelField.placeholder).toBe('Loading the models…')

    await view.wantModels()
    view.core.settle(true)
    await until(() => !view.submit.disabled)
    expect(view.core.asked).toContain('catalog.models')
    await view.unmount()
  })
})
