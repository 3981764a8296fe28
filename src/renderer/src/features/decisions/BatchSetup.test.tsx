// Files a person opens for a batch, as the batch view takes them: one too big is refused by its size before it
// is read, and one saved in another encoding than UTF-8 is read in it and said so.
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { yesOrNo } from '#shared/testing/questionnaires'
import { renderInPage, until } from '../../test-page.tsx'
import { heldFile } from '../../testing/held-file.ts'
import { fieldCharacters } from './BatchInputsField.tsx'
import { BatchSetup } from './BatchSetup.tsx'
import { useQuestionnaire } from './store.ts'

const startingQuestionnaire = useQuestionnaire.getState()
afterEach(() => {
  document.body.innerHTML = ''
  useQuestionnaire.setState(startingQuestionnaire, true)
})

/** A core that knows no models and no saved questionnaires. */
const quietCore = {
  invoke: async (route: string) => ({ ok: true, data: route.endsWith('.list') ? [] : null }),
  on: () => () => {},
} as unknown as Bridge

async function openBatchView() {
  const { container } = await renderInPage(<BatchSetup />, quietCore)
  const fileInput = container.querySelector<HTMLInputElement>('input[type="file"]')
  const field = () => container.querySelector<HTMLTextAreaElement>('textarea[aria-label="Batch inputs"]')
  if (!fileInput || !field()) throw new Error('The batch view has no file input or no inputs field.')
  // The field as it is now (a held file takes its place), or an empty one.
  const inputs = {
    get value() {
      return field()?.value ?? ''
    },
  }
  const choose = (label: string) =>
    act(async () => {
      const radio = [...container.querySelectorAll('label')].find((element) => element.textContent === label)
      radio?.querySelector('input')?.click()
    })
  const pick = (file: File) =>
    act(async () => {
      Object.defineProperty(fileInput, 'files', { value: [file], configurable: true })
      fileInput.dispatchEvent(new Event('change', { bubbles: true }))
    })
  const text = () => container.textContent ?? ''
  const button = (name: string) =>
    [...container.querySelectorAll('button')].find((element) => element.textContent?.startsWith(name))
  return { container, fileInput, field, inputs, choose, pick, text, button }
}

/** The text as UTF-16 little-endian, with its byte order mark, as Excel's "Unicode text" saves it. */
function utf16le(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(2 + text.length * 2)
  const view = new DataView(bytes.buffer)
  view.setUint16(0, 0xfeff, true)
  for (let index = 0; index < text.length; index++)
    view.setUint16(2 + index * 2, text.charCodeAt(index), true)
  return bytes
}

describe('a file opened for a batch', () => {
  it('is refused by its size, read no further than its first two bytes, the problem said by the file control', async () => {
    const view = await openBatchView()
    const big = new File([new Uint8Array(9 * 1024 * 1024)], 'tickets.csv', { type: 'text/csv' })
    const read = [vi.spyOn(big, 'text'), vi.spyOn(big, 'arrayBuffer'), vi.spyOn(big, 'stream')]
    await view.pick(big)
    await until(() => view.container.querySelector('[role="alert"]') !== null)
    const alert = view.container.querySelector('[role="alert"]')
    expect(alert?.textContent).toBe(
      'tickets.csv is 9 MiB, more than the 8 MiB a file of batch inputs may be (a batch takes at most 10,000 inputs). Split it into files of at most 10,000 rows and run a batch on each.',
    )
    expect(view.fileInput.getAttribute('aria-describedby')).toBe(alert?.id)
    expect(read.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0])
    expect(view.inputs.value).toBe('')
  })

  it('reads a UTF-16 CSV with its byte order mark as the text it holds, and says it was UTF-16', async () => {
    const view = await openBatchView()
    await view.choose('CSV')
    const csv = 'ticket,message\r\nT-1,Où est mon colis ?\r\nT-2,Remboursez-moi\r\n'
    await view.pick(new File([utf16le(csv)], 'export.csv', { type: 'text/csv' }))
    await until(() => view.inputs.value !== '')
    expect(view.inputs.value).toBe(csv)
    await until(() => view.text().includes('2 inputs'))
    expect(view.text()).toContain('export.csv, read as UTF-16')
    expect(view.text()).toContain('Où est mon colis ?')
  })

  it('reads a CSV opened in Lines mode as a CSV: its header is not an input, its column is chosen', async () => {
    const view = await openBatchView()
    const csv = 'ticket,message\nT-1,"Where is my parcel, please?"\nT-2,Refund me\n'
    await view.pick(new File([csv], 'tickets.csv', { type: 'text/csv' }))
    await until(() => view.text().includes('2 inputs'))
    const csvOption = [
      ...view.container.querySelectorAll<HTMLInputElement>('input[name="batch-source"]'),
    ].find((option) => option.checked)
    expect(csvOption?.closest('label')?.textContent).toContain('CSV')
    expect(view.text()).not.toContain('3 inputs')
  })

  it('says before the run which columns hold the expected answers, or that none does', async () => {
    useQuestionnaire.setState({
      questionnaire: { id: 'triage', name: 'Triage', questions: [yesOrNo('urgent'), yesOrNo('refund')] },
    })
    const view = await openBatchView()
    await view.pick(new File(['text,Urgent\nThe site is down,yes\n'], 'tickets.csv', { type: 'text/csv' }))
    await until(() => view.text().includes('1 inputs') || view.text().includes('1 input'))
    expect(view.text()).toContain(
      'Expected answers: “Urgent” for urgent. The batch is scored against them when it finishes.',
    )
    // A column whose cells are not answers to its question says so before the run is paid for.
    await view.pick(
      new File(['text,Urgent\nThe site is down,yes\nA refund please,billing\nHello,maybe\n'], 'mixed.csv', {
        type: 'text/csv',
      }),
    )
    await until(() => view.text().includes('3 inputs'))
    expect(view.text()).toContain(
      '2 cells of “Urgent” are not an answer to urgent (line 3: “billing” is not yes or no) and will be left out of its scores.',
    )
    await view.pick(new File(['text,priority\nThe site is down,high\n'], 'other.csv', { type: 'text/csv' }))
    await until(() => view.text().includes('No column is named after a question'))
    expect(view.text()).toContain('No column is named after a question (urgent, refund)')
  })

  it('says why a file gave no input: empty, or its header alone', async () => {
    const view = await openBatchView()
    await view.pick(new File(['text,urgent\n'], 'header.csv', { type: 'text/csv' }))
    await until(() => view.text().includes('0 inputs: the file holds its header and no row.'))
    await view.pick(new File([''], 'empty.csv', { type: 'text/csv' }))
    await until(() => view.text().includes('0 inputs: the file is empty.'))
  })

  it('says how many empty lines between inputs it left out', async () => {
    const view = await openBatchView()
    await view.pick(new File(['first\n\nsecond\n\n\nthird\n\n'], 'lines.txt', { type: 'text/plain' }))
    await until(() => view.text().includes('3 inputs; 3 empty lines left out'))
  })

  it('refuses a file that is not batch inputs by its name, saying which files are', async () => {
    const view = await openBatchView()
    await view.pick(new File(['{}'], 'questionnaire.json', { type: 'application/json' }))
    await until(() => view.container.querySelector('[role="alert"]') !== null)
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(
      'questionnaire.json is not batch inputs: open lines of text (.txt), a CSV with a header row (.csv) or JSON lines (.jsonl, .ndjson).',
    )
  })

  it('reads a Latin-1 file as Windows-1252, so "café" stays "café", and says so', async () => {
    const view = await openBatchView()
    const latin1 = Uint8Array.from('café crème\nthé\n', (character) => character.charCodeAt(0))
    await view.pick(new File([latin1], 'orders.txt', { type: 'text/plain' }))
    await until(() => view.inputs.value !== '')
    expect(view.inputs.value).toBe('café crème\nthé\n')
    expect(view.text()).toContain('orders.txt, read as Windows-1252 (Western European), as it is not UTF-8')
    await until(() => view.text().includes('2 inputs'))
  })

  it('refuses a file with zero bytes as not a text file, and keeps what the view held', async () => {
    const view = await openBatchView()
    await view.pick(new File(['first\nsecond\n'], 'lines.txt', { type: 'text/plain' }))
    await until(() => view.inputs.value !== '')
    await view.pick(new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x08, 0])], 'book.xlsx.txt'))
    await until(() => view.container.querySelector('[role="alert"]') !== null)
    expect(view.container.querySelector('[role="alert"]')?.textContent).toMatch(
      /^book\.xlsx\.txt is not a text file/,
    )
    expect(view.inputs.value).toBe('first\nsecond\n')
  })

  it('runs nothing while a file opens: the inputs before it are not what Run would send', async () => {
    const view = await openBatchView()
    await view.pick(new File(['first\nsecond\n'], 'lines.txt', { type: 'text/plain' }))
    await until(() => view.button('Run on 2 inputs') !== undefined)
    const held = heldFile(['one\ntwo\nthree\n'], 'more.txt', { type: 'text/plain' })
    await view.pick(held.file)
    expect(view.button('Opening the file…')?.disabled).toBe(true)
    expect(view.inputs.value).toBe('first\nsecond\n')
    held.arrive()
    await until(() => view.button('Run on 3 inputs') !== undefined)
    expect(view.inputs.value).toBe('one\ntwo\nthree\n')
  })

  it('says that there are more inputs than a batch takes, and does not run them', async () => {
    const view = await openBatchView()
    const lines = Array.from({ length: 12_000 }, (_, index) => `input ${index}`).join('\n')
    await view.pick(new File([lines], 'many.txt', { type: 'text/plain' }))
    await until(() => view.text().includes('More than 10,000 inputs'))
    expect(view.text()).toContain(
      'More than 10,000 inputs — a batch takes at most 10,000. Split them into batches of at most 10,000.',
    )
    expect(view.button('Run on')?.disabled).toBe(true)
  })

  it('keeps a file too long for the field out of it, parsed all the same, until the person types instead', async () => {
    const view = await openBatchView()
    await view.choose('CSV')
    const rows = Array.from({ length: 2000 }, (_, index) => `T-${index},${'a long message '.repeat(10)}`)
    const csv = `ticket,message\n${rows.join('\n')}\n`
    expect(csv.length).toBeGreaterThan(fieldCharacters)
    await view.pick(new File([csv], 'long.csv', { type: 'text/csv' }))
    await until(() => view.text().includes('2,000 inputs'))
    expect(view.field()).toBeNull()
    expect(view.text()).toContain('The inputs are read from long.csv, too long to show here')
    expect(view.button('Run on')?.textContent).toBe('Run on 2,000 inputs')
    await act(async () => view.button('Type or paste inputs instead')?.click())
    await until(() => view.field() !== null)
    expect(view.field()?.value).toBe('')
    await until(() => view.button('Run on')?.textContent === 'Run on 0 inputs')
  })
})
