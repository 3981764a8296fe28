// Playground conversations (saved whole, re-openable) and the cache handles the app created.
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { DamagedRows } from './damaged-rows.ts'
import { integer, maybeInteger, maybeText, named, rowsOf, text } from './rows.ts'

const ConversationRow = z.object({
  id: text,
  protocol: z.enum(['messages', 'generative']),
  title: text,
  model: text,
  stateJson: text,
  createdAt: integer,
  updatedAt: integer,
  /** The profile the conversation was held with. */
  profileId: maybeText,
})
export type ConversationRow = z.infer<typeof ConversationRow>
const conversationRows = rowsOf('conversation', ConversationRow)
const conversationListRows = rowsOf('conversation', ConversationRow.omit({ stateJson: true }))

const CacheHandleRow = z.object({
  name: text,
  profileId: text,
  model: text,
  displayName: maybeText,
  tokenCount: integer,
  writeCost: maybeText,
  createdAt: integer,
  expireAt: integer,
  deletedAt: maybeInteger,
})
export type CacheHandleRow = z.infer<typeof CacheHandleRow>
const cacheRows = rowsOf('cache', CacheHandleRow)

export function conversationRepository(db: DatabaseSync, damaged: DamagedRows) {
  const columns = `id, protocol, title, model, state_json AS stateJson, created_at AS createdAt, updated_at AS updatedAt,
    profile_id AS profileId`
  const upsert =
    db.prepare(`INSERT INTO conversations (id, protocol, title, model, state_json, created_at, updated_at, profile_id)
    VALUES (:id, :protocol, :title, :model, :stateJson, :createdAt, :updatedAt, :profileId)
    ON CONFLICT(id) DO UPDATE SET title = excluded.title, model = excluded.model,
    state_json = excluded.state_json, updated_at = excluded.updated_at`)
  const list = db.prepare(
    'SELECT id, protocol, title, model, created_at AS createdAt, updated_at AS updatedAt, profile_id AS profileId FROM conversations ORDER BY updated_at DESC LIMIT ?',
  )
  const byId = db.prepare(`SELECT ${columns} FROM conversations WHERE id = ?`)
  const remove = db.prepare('DELETE FROM conversations WHERE id = ?')
  return {
    save: (row: ConversationRow) => void upsert.run(named(row)),
    list: (limit: number) => conversationListRows.listed(list.all(limit), damaged),
    get: (id: string) => conversationRows.maybe(byId.get(id)),
    delete: (id: string) => remove.run(id).changes > 0,
  }
}

export function cacheHandleRepository(db: DatabaseSync) {
  const columns = `name, profile_id AS profileId, model, display_name AS displayName, token_count AS tokenCount,
    write_cost AS writeCost, created_at AS createdAt, expire_at AS expireAt, deleted_at AS deletedAt`
  const insert =
    db.prepare(`INSERT OR REPLACE INTO cache_handles (name, profile_id, model, display_name, token_count,
    write_cost, created_at, expire_at, deleted_at)
    VALUES (:name, :profileId, :model, :displayName, :tokenCount, :writeCost, :createdAt, :expireAt, NULL)`)
  const forProfile = db.prepare(
    `SELECT ${columns} FROM cache_handles WHERE profile_id = ? ORDER BY created_at DESC`,
  )
  const one = db.prepare(`SELECT ${columns} FROM cache_handles WHERE profile_id = ? AND name = ?`)
  const setExpiry = db.prepare('UPDATE cache_handles SET expire_at = ? WHERE profile_id = ? AND name = ?')
  const markDeleted = db.prepare('UPDATE cache_handles SET deleted_at = ? WHERE profile_id = ? AND name = ?')
  return {
    insert: (row: Omit<CacheHandleRow, 'deletedAt'>) => void insert.run(named(row)),
    list: (profileId: string) => cacheRows.all(forProfile.all(profileId)),
    get: (profileId: string, name: string) => cacheRows.maybe(one.get(profileId, name)),
    setExpiry: (profileId: string, name: string, expireAt: number) =>
      void setExpiry.run(expireAt, profileId, name),
    markDeleted: (profileId: string, name: string, at: number) => void markDeleted.run(at, profileId, name),
  }
}

export interface PlaygroundTurnRow {
  id: string
  at: number
  profileId: string
  protocol: 'messages' | 'generative'
  model: string
  conversationId: string | null
  usageJson: string
  cost: string
}

/** Playground turns the service billed; each enters the spend ledger by its trigger. */
export function playgroundTurnRepository(db: DatabaseSync) {
  const insert = db.prepare(`INSERT OR IGNORE INTO playground_turns
    (id, at, profile_id, protocol, model, conversation_id, usage_json, cost)
    VALUES (:id, :at, :profileId, :protocol, :model, :conversationId, :usageJson, :cost)`)
  return {
    insert: (row: PlaygroundTurnRow) => void insert.run(named(row)),
  }
}
