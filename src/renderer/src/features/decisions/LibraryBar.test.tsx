// The words beside Save: whether the questionnaire being built is the one saved last, at once after a save, and
// again once an edit is undone; the saved versions kept as main keeps them (through its schema).
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { QuestionnaireBody } from '#shared/domain/questionnaire-body'
import type { Bridge } from '#shared/ipc/bridge'
import { triage } from '#shared/testing/questionnaires'
import { renderInPage, until } from '../../test-page.tsx'
import { LibraryBar } from './LibraryBar.tsx'
import { edits, useQuestionnaire } from './store.ts'

afterEach(() => {
  document.body.innerHTML = ''
})

/** Main's keeping of questionnaires: each save a new version of the body as its schema reads it. */
function savingCore() {
  const versions: string[] = []
  const reads = { list: 0, version: 0 }
  const bridge = {
    invoke: async (route: string, input: { id?: string; version?: number }) => {
      if (route === 'questionnaires.list') reads.list++
      if (route === 'questionnaires.get') reads.version++
      if (route === 'questionnaires.save') {
        versions.push(JSON.stringify(QuestionnaireBody.parse(input)))
        return { ok: true, data: { version: versions.length } }
      }
      if (route === 'questionnaires.list')
        return {
          ok: true,
          data: versions.length
            ? [{ id: 'triage', name: 'Triage', latestVersion: versions.length, updatedAt: 1 }]
            : [],
        }
      if (route === 'questionnaires.get')
        return { ok: true, data: JSON.parse(versions[(input.version ?? versions.length) - 1] ?? 'null') }
      return { ok: true, data: [] }
    },
    on: () => () => {},
  } as unknown as Bridge
  return { bridge, reads }
}

describe('the words beside Save', () => {
  it('say saved at once after a save, changed after an edit, and saved again once it is undone', async () => {
    act(() => useQuestionnaire.getState().load(triage()))
    const core = savingCore()
    const { container } = await renderInPage(<LibraryBar request={null} />, core.bridge)
    const status = () => container.querySelector('[role="status"]')?.textContent ?? null
    const save = () =>
      [...container.querySelectorAll('button')].find((button) => button.textContent === 'Save')
    await until(() => status() === 'Not saved')
    await act(async () => save()?.click())
    await until(() => status() === 'Saved as version 1')
    const edit = () =>
      act(() =>
        useQuestionnaire
          .getState()
          .change(edits.update('urgent', { instructions: 'Must it be answered today?' })),
      )
    await edit()
    await until(() => status() === 'Changed since version 1: not saved')
    // From the save on, nothing but the new version is said (not the old one's change, nor a blank while the
    // history is read again): until the list and the version are read again, and after.
    const said: (string | null)[] = []
    const watcher = new MutationObserver(() => said.push(status()))
    watcher.observe(container, { subtree: true, childList: true, characterData: true })
    const before = { ...core.reads }
    await act(async () => save()?.click())
    await until(() => core.reads.list > before.list && core.reads.version > before.version)
    await act(async () => {})
    watcher.disconnect()
    expect(status()).toBe('Saved as version 2')
    expect(new Set(said)).toEqual(new Set(['Saved as version 2']))
    await act(() => useQuestionnaire.getState().undo())
    await until(() => status() === 'Changed since version 2: not saved')
  })
})
