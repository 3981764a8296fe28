// A data folder for `batch` commands' tests: a live profile "Local" on a sandbox the test controls (its answers
// can be slowed down), a questionnaire file, a thousand lines of text and a CSV of two hundred tickets.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { startCore } from '../../main/testing/core.ts'

export const batchKey = 'sk-cli-batch-0123456789abcdef'

export const triageRequest = {
  model: 'sysone/judge-1',
  input: 'x',
  questions: [
    { type: 'predicate', name: 'urgent', instructions: 'Is this message urgent?' },
    {
      type: 'choice',
      name: 'topic',
      instructions: 'What is it about?',
      choices: [{ value: 'billing' }, { value: 'bug' }, { value: 'other' }],
    },
  ],
}

export interface BatchFolder {
  dataDir: string
  sandbox: Sandbox
  file(name: string): string
  /** Rows answered in the history, of one batch or of all. */
  doneRows(batchId?: string): number
  close(): Promise<void>
}

export async function batchFolder(prefix: string): Promise<BatchFolder> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  const sandbox = await startSandbox({ keys: [batchKey] })
  const file = (name: string) => join(dataDir, name)
  const env = await startCore({ userData: dataDir })
  await env.call('profiles.save', { name: 'Local', baseUrl: sandbox.url })
  await env.core.close()
  writeFileSync(file('triage.json'), JSON.stringify(triageRequest))
  const lines = Array.from({ length: 1000 }, (_, n) => `Message ${n + 1}: the invoice is wrong, please call`)
  writeFileSync(file('messages.txt'), `${lines.join('\n')}\n`)
  writeFileSync(
    file('tickets.csv'),
    `id,text\r\n${lines
      .slice(0, 200)
      .map((line, n) => `${n + 1},"${line}"`)
      .join('\r\n')}\r\n`,
  )
  return {
    dataDir,
    sandbox,
    file,
    doneRows(batchId) {
      const db = new DatabaseSync(file('history.db'), { readOnly: true })
      try {
        // The command writes as this reads: wait out its lock as the app's own connections do.
        db.exec('PRAGMA busy_timeout = 5000')
        const row = db
          .prepare(
            `SELECT count(*) AS done FROM decision_batch_items WHERE status = 'done' ${batchId ? 'AND batch_id = ?' : ''}`,
          )
          .get(...(batchId ? [batchId] : [])) as { done: number }
        return row.done
      } finally {
        db.close()
      }
    },
    async close() {
      await sandbox.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
