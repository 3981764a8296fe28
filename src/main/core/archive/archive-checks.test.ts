// An export's copy of the history holds no secret: not in a row, nor in the pieces a full-text index kept of it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, expect, it } from 'vitest'
import { openHistory } from '../history/history.ts'
import { pendingVideoJob } from '../history/video-jobs.ts'
import { copyHistory } from './archive-checks.ts'

const folder = mkdtempSync(join(tmpdir(), 'gd-archive-checks-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

it('takes a held secret out of every row and out of the prompt search index', () => {
  const secret = 'QZXJ-secret-KWVY'
  const history = openHistory(folder)
  history.transaction(() =>
    history.videoJobs.insert(
      pendingVideoJob({
        id: 'j1',
        profileId: 'sandbox',
        model: 'm',
        prompt: `a kite over ${secret} at dawn`,
      }),
    ),
  )
  history.close()
  const copy = join(folder, 'copy.db')
  expect(copyHistory(join(folder, 'history.db'), copy, [secret])).toMatchObject({ video_jobs: 1 })
  const bytes = readFileSync(copy).toString('latin1').toLowerCase()
  expect(bytes).toContain('a kite over [redacted] at dawn')
  // The index's pieces of three letters (it folds case): none of the secret's is left.
  for (const piece of ['qzx', 'zxj', 'kwv', 'wvy']) expect(bytes, piece).not.toContain(piece)
})

it('leaves out the requests in flight: an archive carries what was spent, not what is out', () => {
  const history = openHistory(folder)
  history.spend.openHold({ at: 1, profileId: 'p', feature: 'image', model: 'm', estimate: 1_000_000n })
  history.close()
  const copy = join(folder, 'holds.db')
  copyHistory(join(folder, 'history.db'), copy)
  const db = new DatabaseSync(copy, { readOnly: true })
  expect(db.prepare('SELECT count(*) AS n FROM spend_holds').get()).toEqual({ n: 0 })
  db.close()
})
