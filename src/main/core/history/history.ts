// The history store: one database in the data folder and its repositories.
import { join } from 'node:path'
import { createDamagedRows } from './damaged-rows.ts'
import { openHistoryDatabase } from './database.ts'
import { decisionBatchRepository } from './decision-batches.ts'
import {
  decisionRunRepository,
  draftRepository,
  imageResultRepository,
  questionnaireRepository,
} from './library.ts'
import { cacheHandleRepository, conversationRepository, playgroundTurnRepository } from './playground.ts'
import { spendRepository } from './spend.ts'
import { videoJobRepository } from './video-jobs.ts'
import { webhookDeliveryRepository } from './webhook-deliveries.ts'
import { webhookForwardRepository } from './webhook-forwards.ts'

export function openHistory(userData: string, now = Date.now()) {
  const database = openHistoryDatabase(join(userData, 'history.db'), now)
  const { db } = database
  const damaged = createDamagedRows()
  return {
    database,
    notices: database.notices,
    /** Rows that could not be read, left out of their lists. */
    damaged,
    transaction: database.transaction,
    videoJobs: videoJobRepository(db),
    webhookDeliveries: webhookDeliveryRepository(db, damaged),
    webhookForwards: webhookForwardRepository(db, damaged),
    imageResults: imageResultRepository(db, damaged),
    questionnaires: questionnaireRepository(db, damaged),
    drafts: draftRepository(db),
    decisionRuns: decisionRunRepository(db, damaged),
    decisionBatches: decisionBatchRepository(db, damaged),
    conversations: conversationRepository(db, damaged),
    cacheHandles: cacheHandleRepository(db),
    playgroundTurns: playgroundTurnRepository(db),
    spend: spendRepository(db),
    /**
     * Gives rows stored before work carried its profile to `profileId`. Uploads belong to no profile, and a
     * webhook delivery to its job's (set when it is received).
     */
    adoptUnscoped(profileId: string): void {
      for (const table of ['decision_batches', 'decision_runs', 'conversations'])
        db.prepare(`UPDATE ${table} SET profile_id = ? WHERE profile_id IS NULL`).run(profileId)
      db.prepare(
        "UPDATE image_results SET profile_id = ? WHERE profile_id IS NULL AND kind != 'uploaded'",
      ).run(profileId)
      db.prepare('UPDATE spend_entries SET profile_id = ? WHERE profile_id IS NULL').run(profileId)
    },
    close: () => database.close(),
  }
}

export type History = ReturnType<typeof openHistory>
