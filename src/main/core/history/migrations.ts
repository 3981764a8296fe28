// The history database's schema, one step per version. `PRAGMA user_version` records how far a file is.
import { firstMigrations } from './migrations-1-8.ts'

/**
 * SQL for a cost's decimal text (`0.0425`) in whole picodollars, read as integers: the whole part times 10¹², and
 * the first twelve places of the fraction. No REAL is involved, so sums of it are exact to the picodollar.
 */
export const picodollarsOf = (cost: string) =>
  `(CAST(CASE WHEN instr(${cost}, '.') = 0 THEN ${cost} ELSE substr(${cost}, 1, instr(${cost}, '.') - 1) END AS INTEGER) * 1000000000000
      + CAST(substr(CASE WHEN instr(${cost}, '.') = 0 THEN '' ELSE substr(${cost}, instr(${cost}, '.') + 1) END || '000000000000', 1, 12) AS INTEGER))`

/**
 * SQL for the places of a cost's fraction past the twelfth, to the eighteenth (the money type's), as an integer:
 * summed beside `picodollarsOf`, a total is exact where the picodollars alone drop a share's last digits.
 */
export const pastPicodollarsOf = (cost: string) =>
  `CAST(substr(CASE WHEN instr(${cost}, '.') = 0 THEN '' ELSE substr(${cost}, instr(${cost}, '.') + 1) END || '000000000000000000', 13, 6) AS INTEGER)`

/** A total of whole picodollars and of the places past them (each under 10⁶), in the money type's units. */
export const amountOfParts = ({ pico, rest }: { pico: bigint; rest: bigint }): bigint =>
  pico * 1_000_000n + rest

/** SQL setting a batch's counts and spending with one of its rows (`row`: new or old) added or taken away. */
function rowCounted(row: 'new' | 'old', sign: '+' | '-'): string {
  const spent = `${row}.status = 'done' AND ${row}.cost IS NOT NULL`
  return `rows_done = rows_done ${sign} (${row}.status = 'done'),
      rows_failed = rows_failed ${sign} (${row}.status = 'failed'),
      rows_pending = rows_pending ${sign} (${row}.status = 'pending'),
      spent_pico = spent_pico ${sign} CASE WHEN ${spent} THEN ${picodollarsOf(`${row}.cost`)} ELSE 0 END,
      spent_rest = spent_rest ${sign} CASE WHEN ${spent} THEN ${pastPicodollarsOf(`${row}.cost`)} ELSE 0 END`
}

export const migrations: string[] = [
  ...firstMigrations,
  // 9: a kept catalog stored in parts of a thousand models per listing style, so that it is written, read and
  //    compared a part at a time while main keeps answering; a snapshot counts once all its parts are written.
  //    Snapshots kept before are split here; one that is not readable JSON, or holds no list of models, is
  //    dropped (a refresh replaces it). Each model goes as it was: an object as JSON, a string quoted, true and
  //    false as themselves.
  `
  CREATE TABLE catalog_parts (
    snapshot_id INTEGER NOT NULL REFERENCES catalog_snapshots(id) ON DELETE CASCADE,
    style TEXT NOT NULL,
    part INTEGER NOT NULL,
    models_json TEXT NOT NULL,
    PRIMARY KEY (snapshot_id, style, part)
  );
  DELETE FROM catalog_snapshots WHERE NOT json_valid(models_json);
  CREATE TEMP TABLE kept_styles AS
    SELECT snapshot.id AS snapshot_id, style.key AS style, style.value AS models
    FROM catalog_snapshots AS snapshot, json_each(
      CASE json_type(snapshot.models_json)
        WHEN 'array' THEN json_object('unified', json(snapshot.models_json))
        ELSE snapshot.models_json
      END) AS style
    WHERE style.key IN ('unified', 'generative', 'messages') AND json_type(style.value) = 'array';
  INSERT INTO catalog_parts (snapshot_id, style, part, models_json)
    SELECT snapshot_id, style, model.key / 1000, json_group_array(
      CASE model.type
        WHEN 'true' THEN json('true')
        WHEN 'false' THEN json('false')
        WHEN 'object' THEN json(model.value)
        WHEN 'array' THEN json(model.value)
        ELSE model.value
      END ORDER BY model.key)
    FROM kept_styles, json_each(kept_styles.models) AS model
    GROUP BY snapshot_id, style, model.key / 1000;
  INSERT INTO catalog_parts (snapshot_id, style, part, models_json)
    SELECT snapshot_id, style, 0, '[]' FROM kept_styles WHERE json_array_length(models) = 0;
  DROP TABLE kept_styles;
  DELETE FROM catalog_snapshots WHERE id NOT IN (SELECT snapshot_id FROM catalog_parts);
  ALTER TABLE catalog_snapshots DROP COLUMN models_json;
  ALTER TABLE catalog_snapshots ADD COLUMN complete INTEGER NOT NULL DEFAULT 1;
  `,
  // 10: the kept model catalogs move to a database of their own (catalog.db, read and written off main's loop):
  //     they are a cache of what each service lists, fetched again on the next look. The board's order gets a
  //     tiebreak (the order jobs came in), so that a page can start where the one before it ended.
  `
  DROP TABLE catalog_parts;
  DROP TABLE catalog_snapshots;
  DROP INDEX video_jobs_by_created;
  DROP INDEX video_jobs_by_status;
  DROP INDEX video_jobs_by_model;
  CREATE INDEX video_jobs_by_time ON video_jobs(created_at DESC, text_id DESC);
  CREATE INDEX video_jobs_by_status ON video_jobs(status, created_at DESC, text_id DESC);
  CREATE INDEX video_jobs_by_model ON video_jobs(model, created_at DESC, text_id DESC);
  `,
  // 11: what the app passed on to the person's own server: a verified delivery forwarded or sent again, or a test
  //     delivery it made up and signed (its body kept, since no received delivery holds it), each with the
  //     server's answer.
  `
  CREATE TABLE webhook_forwards (
    id INTEGER PRIMARY KEY,
    delivery_id INTEGER REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
    profile_id TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('forward', 'resend', 'test')),
    event TEXT,
    job_id TEXT,
    url TEXT NOT NULL,
    sent_at INTEGER NOT NULL,
    ms INTEGER NOT NULL,
    status INTEGER,
    answer TEXT,
    error TEXT,
    headers_json TEXT NOT NULL DEFAULT '{}',
    body BLOB NOT NULL DEFAULT x''
  );
  CREATE INDEX webhook_forwards_by_delivery ON webhook_forwards(delivery_id, sent_at);
  CREATE INDEX webhook_forwards_by_time ON webhook_forwards(sent_at DESC);
  `,
  // 12: the jobs that ended since a time (the tray's "finished since you last looked"), read by when they changed.
  `
  CREATE INDEX video_jobs_by_update ON video_jobs(updated_at DESC) WHERE status != 'pending';
  `,
  // 13: one ledger of what the app spent: an entry for each billed outcome — a decision, a batch row (a batch's
  //     rows are its items, not runs), an image, a video, a cache written — made by triggers in the same transaction as the outcome itself, so that no
  //     writer can forget it. Entries stay when the item is deleted: the money was spent. Existing history is
  //     brought in.
  `
  CREATE TABLE spend_entries (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    profile_id TEXT,
    feature TEXT NOT NULL CHECK (feature IN ('decision', 'batch', 'image', 'video', 'playground', 'cache')),
    model TEXT NOT NULL,
    cost TEXT NOT NULL,
    estimated INTEGER NOT NULL DEFAULT 0,
    item_id TEXT NOT NULL,
    units_json TEXT NOT NULL DEFAULT '{}',
    UNIQUE (feature, item_id)
  );
  CREATE INDEX spend_entries_by_time ON spend_entries(at);
  CREATE TRIGGER spend_of_decision AFTER INSERT ON decision_runs
    WHEN new.cost IS NOT NULL AND new.batch_id IS NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id)
      VALUES (new.created_at, new.profile_id, 'decision', new.model, new.cost, new.id);
  END;
  CREATE TRIGGER spend_of_batch_row AFTER UPDATE OF status ON decision_batch_items
    WHEN new.status = 'done' AND new.cost IS NOT NULL BEGIN
    INSERT OR REPLACE INTO spend_entries (at, profile_id, feature, model, cost, item_id)
      SELECT coalesce(new.finished_at, batch.updated_at), batch.profile_id, 'batch', batch.model, new.cost,
        new.batch_id || ':' || new.idx
      FROM decision_batches AS batch WHERE batch.id = new.batch_id;
  END;
  CREATE TRIGGER spend_of_image AFTER INSERT ON image_results WHEN new.cost IS NOT NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
      VALUES (new.created_at, new.profile_id, 'image', new.model, new.cost, new.id, coalesce(new.usage_json, '{}'));
  END;
  CREATE TRIGGER spend_of_video AFTER UPDATE OF status ON video_jobs
    WHEN new.status = 'completed' AND new.video_cost IS NOT NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
      VALUES (new.updated_at, new.profile_id, 'video', new.model, new.video_cost, new.id,
        json_object('seconds', new.video_seconds));
  END;
  CREATE TRIGGER spend_of_cache AFTER INSERT ON cache_handles WHEN new.write_cost IS NOT NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
      VALUES (new.created_at, new.profile_id, 'cache', new.model, new.write_cost, new.profile_id || ':' || new.name,
        json_object('tokens', new.token_count));
  END;
  INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id)
    SELECT created_at, profile_id, 'decision', model, cost, id
    FROM decision_runs WHERE cost IS NOT NULL AND batch_id IS NULL;
  INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id)
    SELECT coalesce(item.finished_at, batch.updated_at), batch.profile_id, 'batch', batch.model, item.cost,
      item.batch_id || ':' || item.idx
    FROM decision_batch_items AS item JOIN decision_batches AS batch ON batch.id = item.batch_id
    WHERE item.status = 'done' AND item.cost IS NOT NULL;
  INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
    SELECT created_at, profile_id, 'image', model, cost, id, coalesce(usage_json, '{}')
    FROM image_results WHERE cost IS NOT NULL;
  INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
    SELECT updated_at, profile_id, 'video', model, video_cost, id, json_object('seconds', video_seconds)
    FROM video_jobs WHERE status = 'completed' AND video_cost IS NOT NULL;
  INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
    SELECT created_at, profile_id, 'cache', model, write_cost, profile_id || ':' || name,
      json_object('tokens', token_count)
    FROM cache_handles WHERE write_cost IS NOT NULL;
  `,
  // 14: playground turns, priced from their usage, enter the ledger the same way; a profile's spend since a
  //     time (what its budgets are checked against) is summed in whole picodollars from a covering index, an
  //     exact integer sum in SQLite (the ledger's own figures stay exact decimals); a pending video job keeps its
  //     estimate, held against the budgets until the job ends, and entered (marked as an estimate) if the
  //     service reports no cost when it completes.
  `
  CREATE TABLE playground_turns (
    id TEXT PRIMARY KEY,
    at INTEGER NOT NULL,
    profile_id TEXT,
    protocol TEXT NOT NULL,
    model TEXT NOT NULL,
    conversation_id TEXT,
    usage_json TEXT NOT NULL DEFAULT '{}',
    cost TEXT NOT NULL
  );
  CREATE TRIGGER spend_of_playground_turn AFTER INSERT ON playground_turns BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
      VALUES (new.at, new.profile_id, 'playground', new.model, new.cost,
        coalesce(new.conversation_id, '') || ':' || new.id, new.usage_json);
  END;
  ALTER TABLE spend_entries ADD COLUMN picodollars INTEGER NOT NULL DEFAULT 0;
  UPDATE spend_entries SET picodollars = CAST(round(CAST(cost AS REAL) * 1e12) AS INTEGER);
  CREATE TRIGGER spend_entry_picodollars AFTER INSERT ON spend_entries BEGIN
    UPDATE spend_entries SET picodollars = CAST(round(CAST(new.cost AS REAL) * 1e12) AS INTEGER)
      WHERE id = new.id;
  END;
  CREATE INDEX spend_entries_by_profile ON spend_entries(profile_id, at, picodollars);
  DROP TRIGGER spend_of_decision;
  CREATE TRIGGER spend_of_decision AFTER INSERT ON decision_runs
    WHEN new.cost IS NOT NULL AND new.batch_id IS NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
      VALUES (new.created_at, new.profile_id, 'decision', new.model, new.cost, new.id,
        CASE WHEN json_valid(new.response_json) THEN coalesce(json_extract(new.response_json, '$.usage'), '{}')
          ELSE '{}' END);
  END;
  DROP TRIGGER spend_of_batch_row;
  CREATE TRIGGER spend_of_batch_row AFTER UPDATE OF status ON decision_batch_items
    WHEN new.status = 'done' AND new.cost IS NOT NULL BEGIN
    INSERT OR REPLACE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
      SELECT coalesce(new.finished_at, batch.updated_at), batch.profile_id, 'batch', batch.model, new.cost,
        new.batch_id || ':' || new.idx,
        CASE WHEN json_valid(new.response_json) THEN coalesce(json_extract(new.response_json, '$.usage'), '{}')
          ELSE '{}' END
      FROM decision_batches AS batch WHERE batch.id = new.batch_id;
  END;
  UPDATE spend_entries SET units_json = coalesce((SELECT json_extract(run.response_json, '$.usage')
    FROM decision_runs AS run WHERE run.id = spend_entries.item_id AND json_valid(run.response_json)), '{}')
    WHERE feature = 'decision';
  ALTER TABLE video_jobs ADD COLUMN estimate TEXT;
  CREATE TRIGGER spend_of_unpriced_video AFTER UPDATE OF status ON video_jobs
    WHEN new.status = 'completed' AND new.video_cost IS NULL AND new.estimate IS NOT NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, estimated, item_id, units_json)
      VALUES (new.updated_at, new.profile_id, 'video', new.model, new.estimate, 1, new.id,
        json_object('seconds', new.video_seconds));
  END;
  `,
  // 15: the runner (one per process: the app, or the command line) that claimed a batch last. Only it sends the
  //     batch's rows and writes how its run ended, so that a batch is never run by two processes at once.
  `
  ALTER TABLE decision_batches ADD COLUMN runner TEXT;
  `,
  // 16: a verified delivery that arrives again is counted on the one that was applied, not stored again.
  `
  ALTER TABLE webhook_deliveries ADD COLUMN repeats INTEGER NOT NULL DEFAULT 0;
  `,
  // 17: money is structural. A hold is a ledger row of its own (`spend_holds`), written before a costly request
  //     goes out and settled in the transaction that writes its outcome; one whose outcome never came stays,
  //     as pending. A batch row whose price could not be computed enters the ledger at its estimate, marked so,
  //     and once only. Picodollars are read from the cost's decimal text as integers, never through REAL.
  //     The live text of every trigger is in `ledger-schema.ts`.
  `
  CREATE TABLE spend_holds (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    profile_id TEXT NOT NULL,
    feature TEXT NOT NULL,
    model TEXT NOT NULL,
    estimate TEXT NOT NULL,
    picodollars INTEGER NOT NULL
  );
  CREATE INDEX spend_holds_by_profile ON spend_holds(profile_id, at, picodollars);
  ALTER TABLE decision_batch_items ADD COLUMN cost_estimated INTEGER NOT NULL DEFAULT 0;
  DROP TRIGGER spend_of_batch_row;
  CREATE TRIGGER spend_of_batch_row AFTER UPDATE OF status ON decision_batch_items
    WHEN new.status = 'done' AND new.cost IS NOT NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, estimated, item_id, units_json)
      SELECT coalesce(new.finished_at, batch.updated_at), batch.profile_id, 'batch', batch.model, new.cost,
        new.cost_estimated, new.batch_id || ':' || new.idx,
        CASE WHEN json_valid(new.response_json) THEN coalesce(json_extract(new.response_json, '$.usage'), '{}')
          ELSE '{}' END
      FROM decision_batches AS batch WHERE batch.id = new.batch_id;
  END;
  DROP TRIGGER spend_entry_picodollars;
  CREATE TRIGGER spend_entry_picodollars AFTER INSERT ON spend_entries BEGIN
    UPDATE spend_entries SET picodollars = ${picodollarsOf('new.cost')} WHERE id = new.id;
  END;
  UPDATE spend_entries SET picodollars = ${picodollarsOf('cost')};
  `,
  // 18: how often a batch sends a row again after a 429, a 5xx or a network failure; and a batch stopped because
  //     the service could not be reached reads `unreachable` (a status, not a column).
  `
  ALTER TABLE decision_batches ADD COLUMN retries INTEGER NOT NULL DEFAULT 3;
  `,
  // 19: the line of its file (or pasted text) a row's input starts on, as the file's problems are named.
  `
  ALTER TABLE decision_batch_items ADD COLUMN line INTEGER;
  `,
  // 20: the answers a person gave a batch's rows while labeling them (question index → answer), read as expected
  //     answers by the scores.
  `
  ALTER TABLE decision_batch_items ADD COLUMN labels_json TEXT;
  `,
  // 21: the run a questionnaire's later runs are compared with (its baseline), one per questionnaire; it goes with
  //     its batch.
  `
  CREATE TABLE decision_baselines (
    questionnaire_id TEXT PRIMARY KEY,
    batch_id TEXT NOT NULL REFERENCES decision_batches(id) ON DELETE CASCADE
  );
  CREATE INDEX decision_baselines_batch ON decision_baselines(batch_id);
  `,
  // 22: a finished row's answers as its scores read them (`shared/domain/answer-figures.ts`), kept beside its
  //     response so that scoring a batch copies figures rather than parsing every response. A table of their own
  //     keeps the rows' table as it was (a row past a page's share spills to a page of its own). Rows kept before
  //     have none; their responses are read.
  `
  CREATE TABLE decision_batch_figures (
    batch_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    figures BLOB NOT NULL,
    PRIMARY KEY (batch_id, idx),
    FOREIGN KEY (batch_id, idx) REFERENCES decision_batch_items(batch_id, idx) ON DELETE CASCADE
  ) WITHOUT ROWID;
  `,
  // 23: a batch's counts of rows by status and what its answered rows cost (whole picodollars and the places past
  //     them, as `amountOfParts` reads them), kept on the batch by the rows' own writes, so that a summary reads
  //     one row however many rows the batch has. Counted here for batches kept before. A row is never written
  //     with REPLACE or an upsert: its replacing delete fires no trigger, and the row would count twice.
  `
  ALTER TABLE decision_batches ADD COLUMN rows_total INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE decision_batches ADD COLUMN rows_done INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE decision_batches ADD COLUMN rows_failed INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE decision_batches ADD COLUMN rows_pending INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE decision_batches ADD COLUMN spent_pico INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE decision_batches ADD COLUMN spent_rest INTEGER NOT NULL DEFAULT 0;
  CREATE TRIGGER batch_rows_added AFTER INSERT ON decision_batch_items BEGIN
    UPDATE decision_batches SET rows_total = rows_total + 1,
      ${rowCounted('new', '+')}
    WHERE id = new.batch_id;
  END;
  CREATE TRIGGER batch_rows_changed AFTER UPDATE OF status, cost ON decision_batch_items BEGIN
    UPDATE decision_batches SET ${rowCounted('old', '-')} WHERE id = old.batch_id;
    UPDATE decision_batches SET ${rowCounted('new', '+')} WHERE id = new.batch_id;
  END;
  CREATE TRIGGER batch_rows_removed AFTER DELETE ON decision_batch_items BEGIN
    UPDATE decision_batches SET rows_total = rows_total - 1,
      ${rowCounted('old', '-')}
    WHERE id = old.batch_id;
  END;
  UPDATE decision_batches SET
    rows_total = (SELECT count(*) FROM decision_batch_items WHERE batch_id = decision_batches.id),
    rows_done = (SELECT count(*) FROM decision_batch_items WHERE batch_id = decision_batches.id AND status = 'done'),
    rows_failed = (SELECT count(*) FROM decision_batch_items WHERE batch_id = decision_batches.id AND status = 'failed'),
    rows_pending = (SELECT count(*) FROM decision_batch_items WHERE batch_id = decision_batches.id AND status = 'pending'),
    spent_pico = (SELECT coalesce(sum(${picodollarsOf('cost')}), 0) FROM decision_batch_items
      WHERE batch_id = decision_batches.id AND status = 'done' AND cost IS NOT NULL),
    spent_rest = (SELECT coalesce(sum(${pastPicodollarsOf('cost')}), 0) FROM decision_batch_items
      WHERE batch_id = decision_batches.id AND status = 'done' AND cost IS NOT NULL);
  `,
  // 24: each spend entry's places past the picodollar kept as an integer beside its picodollars, and both in the
  //     profile's index, so that a day's or a month's exact spending is added up from the index alone rather than
  //     by reading each entry's cost.
  `
  ALTER TABLE spend_entries ADD COLUMN past_picodollars INTEGER NOT NULL DEFAULT 0;
  DROP TRIGGER spend_entry_picodollars;
  CREATE TRIGGER spend_entry_picodollars AFTER INSERT ON spend_entries BEGIN
    UPDATE spend_entries SET picodollars = ${picodollarsOf('new.cost')},
      past_picodollars = ${pastPicodollarsOf('new.cost')} WHERE id = new.id;
  END;
  UPDATE spend_entries SET past_picodollars = ${pastPicodollarsOf('cost')};
  DROP INDEX spend_entries_by_profile;
  CREATE INDEX spend_entries_by_profile ON spend_entries(profile_id, at, picodollars, past_picodollars);
  `,
]
