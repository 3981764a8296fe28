// A questionnaire file from the file manager is checked for what it claims before it is trusted.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createOpenedFiles, maxQuestionnaireFileBytes, readQuestionnaireFile } from './opened-files.ts'

const folder = mkdtempSync(join(tmpdir(), 'gd-opened-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
const file = (name: string, text: string) => {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}
const request = {
  model: 'sysone/judge-1',
  input: 'x',
  questions: [{ type: 'predicate', name: 'urgent', instructions: 'Is it urgent?' }],
}

describe('opening a questionnaire file', () => {
  it('reads an exported questionnaire or a request body, named after the file', async () => {
    const { questionnaire: read, json } = await readQuestionnaireFile(
      file('Ticket triage.gdq', JSON.stringify(request)),
    )
    expect(read).toMatchObject({ name: 'Ticket triage', questions: [{ kind: 'predicate', name: 'urgent' }] })
    expect(json).toEqual(request)
    const again = await readQuestionnaireFile(file('again.gdq', JSON.stringify(read)))
    expect(again.questionnaire).toEqual(read)
  })

  it('refuses a file too big to be a questionnaire before reading it, and one that is not one', async () => {
    const big = file('big.gdq', '')
    truncateSync(big, maxQuestionnaireFileBytes + 1)
    await expect(readQuestionnaireFile(big)).rejects.toThrow(
      'big.gdq is 4.0 MiB, larger than any questionnaire can be.',
    )
    await expect(readQuestionnaireFile(file('bad.gdq', 'not json'))).rejects.toThrow(
      'bad.gdq is not a questionnaire: it is not JSON.',
    )
    // 3.7 MB of nested arrays in the request shape: refused by its nesting before it is parsed into objects.
    const depth = 1_900_000
    const nested = `{"model":"m","input":"x","questions":[{"type":"predicate","instructions":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}]}`
    await expect(readQuestionnaireFile(file('deep.gdq', nested))).rejects.toThrow(
      'deep.gdq is not a questionnaire: it is nested more than 68 levels deep',
    )
    await expect(readQuestionnaireFile(file('other.gdq', '{"hello":1}'))).rejects.toThrow(
      /neither a questionnaire this app exported nor a decision request/,
    )
    await expect(readQuestionnaireFile(join(folder, 'missing.gdq'))).rejects.toThrow(
      'missing.gdq does not exist.',
    )
    // A pipe named like a questionnaire: refused at once, never waited on.
    execFileSync('mkfifo', [join(folder, 'pipe.gdq')])
    await expect(readQuestionnaireFile(join(folder, 'pipe.gdq'))).rejects.toThrow('pipe.gdq is not a file.')
  })

  it('keeps what was opened until the builder takes it once, and says why a file opened nothing', async () => {
    const shown: string[] = []
    const refused: string[] = []
    const opened = createOpenedFiles({
      openPath: (path) => shown.push(path),
      refused: (notice) => refused.push(notice),
    })
    await opened.open(file('ok.gdq', JSON.stringify(request)))
    expect(shown).toEqual(['/decisions?view=build&opened=1'])
    expect(opened.take()?.name).toBe('ok')
    expect(opened.take()).toBeNull()
    await opened.open(file('broken.gdq', '{'))
    expect(refused).toEqual(['The file was not opened: broken.gdq is not a questionnaire: it is not JSON.'])
  })
})
