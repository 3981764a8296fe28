// Batch inputs dropped on the window: refused by their size before they are read, and read in the encoding they
// were saved in, as the new batch's inputs.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useBatchDraft } from '../features/decisions/files.ts'
import { heldFile } from '../testing/held-file.ts'
import { openDroppedFile } from './file-drop.ts'

afterEach(() => {
  useBatchDraft.getState().change({ source: 'lines', text: '', file: null, column: null, opening: null })
  window.location.hash = ''
})

describe('a batch file dropped on the window', () => {
  it('is refused by its size, saying the size, the limit and what to do, read no further than its first bytes', async () => {
    const big = new File([new Uint8Array(12 * 1024 * 1024 + 300_000)], 'export.jsonl')
    const text = vi.spyOn(big, 'text')
    const bytes = vi.spyOn(big, 'arrayBuffer')
    await expect(openDroppedFile(big)).rejects.toThrow(
      'export.jsonl is 12.3 MiB, more than the 8 MiB a file of batch inputs may be (a batch takes at most 10,000 inputs). Split it into files of at most 10,000 rows and run a batch on each.',
    )
    expect([text.mock.calls.length, bytes.mock.calls.length]).toEqual([0, 0])
    expect(useBatchDraft.getState()).toMatchObject({ text: '', file: null })
  })

  it('may be twice as big when saved as UTF-16, which takes two bytes a character', async () => {
    // A mark, then 9 MiB of "a" and line breaks.
    const wide = new Uint8Array(2 + 9 * 1024 * 1024)
    wide.set([0xff, 0xfe])
    for (let at = 2; at < wide.length; at += 4) wide.set([0x61, 0, 0x0a, 0], at)
    await openDroppedFile(new File([wide], 'unicode.txt'))
    expect(useBatchDraft.getState()).toMatchObject({ source: 'lines', file: { encoding: 'UTF-16 LE' } })
    expect(useBatchDraft.getState().text.slice(0, 4)).toBe('a\na\n')
    const plain = new Uint8Array(9 * 1024 * 1024).fill(0x61)
    await expect(openDroppedFile(new File([plain], 'plain.txt'))).rejects.toThrow(
      /^plain\.txt is 9 MiB, more than the 8 MiB a file of batch inputs may be/,
    )
  })

  it('is named as opening while it is read, and no longer once read or refused', async () => {
    const held = heldFile(['one\ntwo\n'], 'slow.txt')
    const dropped = openDroppedFile(held.file)
    await vi.waitFor(() => expect(useBatchDraft.getState().opening).toBe(held.file))
    expect(useBatchDraft.getState().text).toBe('')
    held.arrive()
    await dropped
    expect(useBatchDraft.getState()).toMatchObject({ opening: null, text: 'one\ntwo\n' })
    const zip = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x08, 0])], 'book.txt')
    await expect(openDroppedFile(zip)).rejects.toThrow(/is not a text file/)
    expect(useBatchDraft.getState().opening).toBeNull()
  })

  it('gives way to a file dropped after it while it is read: the last one dropped is kept', async () => {
    const first = heldFile(['first\n'], 'first.txt')
    const droppedFirst = openDroppedFile(first.file)
    await vi.waitFor(() => expect(useBatchDraft.getState().opening).toBe(first.file))
    await openDroppedFile(new File(['second\n'], 'second.txt'))
    first.arrive()
    await droppedFirst
    expect(useBatchDraft.getState()).toMatchObject({ opening: null, text: 'second\n' })
  })

  it('is read in the encoding it was saved in and handed to the batch view with it', async () => {
    const latin1 = Uint8Array.from('id,text\n1,café\n', (character) => character.charCodeAt(0))
    await openDroppedFile(new File([latin1], 'orders.csv', { type: 'text/csv' }))
    expect(useBatchDraft.getState()).toMatchObject({
      source: 'csv',
      file: { fileName: 'orders.csv', encoding: 'Windows-1252' },
      text: 'id,text\n1,café\n',
      column: null,
    })
  })
})
