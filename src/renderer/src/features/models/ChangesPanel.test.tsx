// What changed is worked out by main apart from the catalog: the panel says it is comparing until main answers
// about the catalog shown, and a comparison that failed says why and can be asked again.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { useCatalogChanges } from '../../catalog.ts'
import { renderInPage, until } from '../../test-page.tsx'
import { ChangesPanel } from './ChangesPanel.tsx'

type Answer = { fetchedAt: number; changes: object | null } | Error

/** A core whose comparisons wait for the test's answer, and that can say its kept catalog changed. */
function comparingCore() {
  const waiting: ((answer: Answer) => void)[] = []
  const listeners = new Map<string, (payload: unknown) => void>()
  const bridge = {
    invoke: async (route: string) => {
      if (route === 'profiles.list') return { ok: true, data: [{ id: 'p1', name: 'Sandbox', active: true }] }
      if (route !== 'catalog.changes') return { ok: true, data: null }
      const answer = await new Promise<Answer>((resolve) => waiting.push(resolve))
      return answer instanceof Error
        ? { ok: false, error: { code: 'history_damaged', message: answer.message } }
        : { ok: true, data: answer }
    },
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener)
      return () => listeners.delete(event)
    },
  } as unknown as Bridge
  const answer = async (value: Answer) => {
    await until(() => waiting.length > 0)
    await act(async () => {
      for (const resolve of waiting.splice(0)) resolve(value)
    })
  }
  const catalogChanged = () => act(async () => listeners.get('data.changed')?.({ topics: ['catalog'] }))
  return { bridge, answer, asked: () => waiting.length, catalogChanged }
}

function Changes({ fetchedAt }: { fetchedAt: number }) {
  const compared = useCatalogChanges(fetchedAt)
  return (
    <ChangesPanel
      changes={compared.changes}
      comparing={compared.comparing}
      error={compared.error}
      onRetry={compared.retry}
      onOpen={() => {}}
    />
  )
}

const twoAdded = { since: 500, added: ['p/a', 'p/b'], removed: [], priceChanges: [] }

afterEach(() => {
  document.body.innerHTML = ''
})

describe('what changed, as the browser shows it', () => {
  it('says it is comparing until main answers about the catalog shown, and reads again when main says it changed', async () => {
    const core = comparingCore()
    const { container } = await renderInPage(<Changes fetchedAt={1_000} />, core.bridge)
    expect(container.textContent).toBe('Comparing with the catalog kept before…')
    // An answer about another catalog than the one shown is not taken for it. Main, which holds that other
    // catalog, says its catalog changed, and what was read of the catalog is read again (here, the comparison).
    await core.answer({ fetchedAt: 900, changes: twoAdded })
    expect(container.textContent).toBe('Comparing with the catalog kept before…')
    expect(core.asked()).toBe(0)
    await core.catalogChanged()
    await until(() => core.asked() === 1)
    await core.answer({ fetchedAt: 1_000, changes: twoAdded })
    await until(() => container.querySelector('section[aria-label="What changed"]') !== null)
  })

  it('shows the changes once answered, and "nothing to compare" when there is no catalog before', async () => {
    const core = comparingCore()
    const { container, rerender } = await renderInPage(<Changes fetchedAt={1_000} />, core.bridge)
    await core.answer({ fetchedAt: 1_000, changes: twoAdded })
    await until(() => container.querySelector('section[aria-label="What changed"]') !== null)
    expect(container.querySelector('h3')?.textContent).toBe('Added (2 models)')

    // A refresh brings another catalog: main is asked again about it.
    await rerender(<Changes fetchedAt={2_000} />)
    expect(container.textContent).toBe('Comparing with the catalog kept before…')
    await core.answer({ fetchedAt: 2_000, changes: null })
    await until(() => !container.textContent?.startsWith('Comparing'))
    expect(container.textContent).toMatch(/^Nothing to compare yet/)
  })

  it('says why a comparison failed, and asks again on Retry', async () => {
    const core = comparingCore()
    const { container } = await renderInPage(<Changes fetchedAt={1_000} />, core.bridge)
    await core.answer(new Error('Part of the history is damaged.'))
    await until(() => container.querySelector('[role="alert"]') !== null)
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(
      'Part of the history is damaged.',
    )
    const retry = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Retry')
    await act(async () => retry?.click())
    await core.answer({ fetchedAt: 1_000, changes: twoAdded })
    await until(() => container.querySelector('section[aria-label="What changed"]') !== null)
  })

  it('groups thousands of changes by provider, closed, says which way each price moved, and filters them', async () => {
    const many = {
      since: 500,
      added: Array.from({ length: 3000 }, (_, i) => `vendor${i % 10}/model-${i}`),
      removed: [],
      priceChanges: [
        { id: 'acme/fast', price: 'prompt' as const, from: '0.000001', to: '0.00000125' },
        { id: 'acme/slow', price: 'completion' as const, from: '0.000002', to: '0.000001' },
      ],
    }
    const core = comparingCore()
    const { container } = await renderInPage(<Changes fetchedAt={1_000} />, core.bridge)
    await core.answer({ fetchedAt: 1_000, changes: many })
    await until(() => container.querySelector('section[aria-label="What changed"]') !== null)
    const groups = [...container.querySelectorAll('details')]
    expect(groups.map((group) => group.querySelector('summary')?.textContent)).toContain('vendor3 (300)')
    expect(groups.every((group) => !group.open)).toBe(true)
    expect(container.textContent).toContain('up 25%')
    expect(container.textContent).toContain('down 50%')

    const filter = container.querySelector<HTMLInputElement>('input[type="search"]') as HTMLInputElement
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(filter, 'acme')
      filter.dispatchEvent(new Event('input', { bubbles: true }))
    })
    expect([...container.querySelectorAll('h3')].map((heading) => heading.textContent)).toEqual([
      'Price changes (2 prices)',
    ])
    // Few groups left: they open.
    expect([...container.querySelectorAll('details')].every((group) => group.open)).toBe(true)
  })
})
