// The history database's first eight steps: the tables of the work the app keeps (jobs, deliveries, media,
// images, questionnaires, runs, batches, conversations, caches), the profile each was done for, and the board's
// indexes. Later steps are in migrations.ts.
export const firstMigrations: string[] = [
  // 1: video jobs with their polls and webhook deliveries, media files, image results, questionnaires,
  //    decision runs, and catalog snapshots.
  `
  CREATE TABLE media (
    id TEXT PRIMARY KEY,
    mime_type TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    file_name TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE video_jobs (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL,
    model TEXT NOT NULL,
    prompt TEXT NOT NULL,
    mode TEXT NOT NULL,
    status TEXT NOT NULL,
    request_json TEXT NOT NULL,
    task_json TEXT,
    video_seconds INTEGER,
    video_cost TEXT,
    media_id TEXT REFERENCES media(id) ON DELETE SET NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX video_jobs_by_created ON video_jobs(created_at DESC);
  CREATE INDEX video_jobs_by_status ON video_jobs(status, created_at DESC);

  CREATE TABLE video_polls (
    id INTEGER PRIMARY KEY,
    job_id TEXT NOT NULL REFERENCES video_jobs(id) ON DELETE CASCADE,
    at INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    http_status INTEGER,
    detail TEXT
  );
  CREATE INDEX video_polls_by_job ON video_polls(job_id, at);

  CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY,
    received_at INTEGER NOT NULL,
    job_id TEXT,
    idempotency_key TEXT,
    event TEXT,
    verified INTEGER NOT NULL,
    reason TEXT,
    duplicate INTEGER NOT NULL,
    answered INTEGER NOT NULL,
    headers_json TEXT NOT NULL,
    body BLOB NOT NULL
  );
  CREATE INDEX webhook_deliveries_by_job ON webhook_deliveries(job_id, received_at);
  CREATE INDEX webhook_deliveries_by_time ON webhook_deliveries(received_at DESC);

  CREATE TABLE image_results (
    id TEXT PRIMARY KEY,
    media_id TEXT NOT NULL REFERENCES media(id),
    parent_id TEXT REFERENCES image_results(id) ON DELETE SET NULL,
    model TEXT NOT NULL,
    provider TEXT,
    prompt TEXT NOT NULL,
    params_json TEXT NOT NULL,
    usage_json TEXT,
    cost TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX image_results_by_created ON image_results(created_at DESC);

  CREATE TABLE questionnaires (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    latest_version INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE questionnaire_versions (
    questionnaire_id TEXT NOT NULL REFERENCES questionnaires(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    body_json TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (questionnaire_id, version)
  );

  CREATE TABLE decision_runs (
    id TEXT PRIMARY KEY,
    questionnaire_id TEXT REFERENCES questionnaires(id) ON DELETE SET NULL,
    batch_id TEXT,
    model TEXT NOT NULL,
    endpoint TEXT NOT NULL,
    request_json TEXT NOT NULL,
    response_json TEXT,
    error_json TEXT,
    cost TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX decision_runs_by_created ON decision_runs(created_at DESC);
  CREATE INDEX decision_runs_by_batch ON decision_runs(batch_id, created_at);

  CREATE TABLE catalog_snapshots (
    id INTEGER PRIMARY KEY,
    profile_id TEXT NOT NULL,
    fetched_at INTEGER NOT NULL,
    models_json TEXT NOT NULL
  );
  CREATE INDEX catalog_snapshots_by_profile ON catalog_snapshots(profile_id, fetched_at DESC);
  `,
  // 2: find an applied delivery by its idempotency key without scanning every delivery.
  `
  CREATE INDEX webhook_deliveries_by_key ON webhook_deliveries(idempotency_key) WHERE verified = 1 AND duplicate = 0;
  `,
  // 3: batches of decision runs (the questionnaire once, one row per input), and the questionnaire a single
  // run was asked with, so a run can be re-opened and compared after the questionnaire changed.
  `
  ALTER TABLE decision_runs ADD COLUMN questionnaire_json TEXT;

  CREATE TABLE decision_batches (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    questionnaire_json TEXT NOT NULL,
    model TEXT NOT NULL,
    endpoint TEXT NOT NULL,
    template_json TEXT NOT NULL,
    concurrency INTEGER NOT NULL,
    spend_cap TEXT,
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX decision_batches_by_created ON decision_batches(created_at DESC);

  CREATE TABLE decision_batch_items (
    batch_id TEXT NOT NULL REFERENCES decision_batches(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    input_json TEXT NOT NULL,
    status TEXT NOT NULL,
    response_json TEXT,
    error_json TEXT,
    cost TEXT,
    duration_ms INTEGER,
    finished_at INTEGER,
    PRIMARY KEY (batch_id, idx)
  ) WITHOUT ROWID;
  `,
  // 4: what an image is (generated, edited, uploaded), its size, and the model's thoughts that came with it.
  `
  ALTER TABLE image_results ADD COLUMN kind TEXT NOT NULL DEFAULT 'generated';
  ALTER TABLE image_results ADD COLUMN width INTEGER;
  ALTER TABLE image_results ADD COLUMN height INTEGER;
  ALTER TABLE image_results ADD COLUMN thoughts_json TEXT;
  CREATE INDEX image_results_by_model ON image_results(model, created_at DESC);
  `,
  // 5: playground conversations, and the cache handles the app created (the service has no list route).
  `
  CREATE TABLE conversations (
    id TEXT PRIMARY KEY,
    protocol TEXT NOT NULL,
    title TEXT NOT NULL,
    model TEXT NOT NULL,
    state_json TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX conversations_by_updated ON conversations(updated_at DESC);

  CREATE TABLE cache_handles (
    name TEXT NOT NULL,
    profile_id TEXT NOT NULL,
    model TEXT NOT NULL,
    display_name TEXT,
    token_count INTEGER NOT NULL,
    write_cost TEXT,
    created_at INTEGER NOT NULL,
    expire_at INTEGER NOT NULL,
    deleted_at INTEGER,
    PRIMARY KEY (profile_id, name)
  ) WITHOUT ROWID;
  `,
  // 6: the profile each piece of work was done for. Rows from before are given the profile active when this
  // version first opens them (History.adoptUnscoped); a delivery takes its job's profile.
  `
  ALTER TABLE decision_batches ADD COLUMN profile_id TEXT;
  ALTER TABLE decision_runs ADD COLUMN profile_id TEXT;
  ALTER TABLE conversations ADD COLUMN profile_id TEXT;
  ALTER TABLE image_results ADD COLUMN profile_id TEXT;
  ALTER TABLE webhook_deliveries ADD COLUMN profile_id TEXT;
  UPDATE webhook_deliveries SET profile_id = (SELECT profile_id FROM video_jobs WHERE video_jobs.id = job_id);
  `,
  // 7: work in progress kept across restarts (the questionnaire being built), one row per kind; and a CSV batch's
  // source columns, each row's cells kept with it.
  `
  CREATE TABLE drafts (
    kind TEXT PRIMARY KEY,
    body_json TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  ALTER TABLE decision_batches ADD COLUMN source_columns_json TEXT;
  ALTER TABLE decision_batch_items ADD COLUMN source_json TEXT;
  `,
  // 8: the board's filters quick in any history size: jobs by model, and a trigram index over the prompts
  // (substring search, as LIKE '%…%' matches). Its rows are keyed by text_id, a column of the job (unlike the table's hidden rowid, a
  // column survives VACUUM and backups unchanged); triggers keep it in step with every insert and delete.
  `
  CREATE INDEX video_jobs_by_model ON video_jobs(model, created_at DESC);
  ALTER TABLE video_jobs ADD COLUMN text_id INTEGER;
  UPDATE video_jobs SET text_id = rowid;
  CREATE UNIQUE INDEX video_jobs_by_text_id ON video_jobs(text_id);
  CREATE VIRTUAL TABLE video_jobs_text USING fts5(
    prompt, content = 'video_jobs', content_rowid = 'text_id', tokenize = 'trigram'
  );
  INSERT INTO video_jobs_text(video_jobs_text) VALUES ('rebuild');
  CREATE TRIGGER video_jobs_text_insert AFTER INSERT ON video_jobs BEGIN
    UPDATE video_jobs SET text_id = (SELECT coalesce(max(text_id), 0) + 1 FROM video_jobs)
      WHERE rowid = new.rowid AND text_id IS NULL;
    INSERT INTO video_jobs_text(rowid, prompt) SELECT text_id, prompt FROM video_jobs WHERE rowid = new.rowid;
  END;
  CREATE TRIGGER video_jobs_text_delete AFTER DELETE ON video_jobs BEGIN
    INSERT INTO video_jobs_text(video_jobs_text, rowid, prompt) VALUES ('delete', old.text_id, old.prompt);
  END;
  CREATE TRIGGER video_jobs_text_update AFTER UPDATE OF prompt ON video_jobs BEGIN
    INSERT INTO video_jobs_text(video_jobs_text, rowid, prompt) VALUES ('delete', old.text_id, old.prompt);
    INSERT INTO video_jobs_text(rowid, prompt) VALUES (new.text_id, new.prompt);
  END;
  `,
]
