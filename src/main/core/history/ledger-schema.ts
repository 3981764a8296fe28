// The live text of every trigger of the spend ledger, as the migrations leave it in a history of today's version:
// one place to read how the ledger is written, without following migrations 13, 14, 17 and 24. A test compares it
// with what the migrations create; a migration that changes a trigger changes it here too.
export const ledgerTriggers: Record<string, string> = {
  spend_entry_picodollars: `CREATE TRIGGER spend_entry_picodollars AFTER INSERT ON spend_entries BEGIN
    UPDATE spend_entries SET picodollars = (CAST(CASE WHEN instr(new.cost, '.') = 0 THEN new.cost ELSE substr(new.cost, 1, instr(new.cost, '.') - 1) END AS INTEGER) * 1000000000000
      + CAST(substr(CASE WHEN instr(new.cost, '.') = 0 THEN '' ELSE substr(new.cost, instr(new.cost, '.') + 1) END || '000000000000', 1, 12) AS INTEGER)),
      past_picodollars = CAST(substr(CASE WHEN instr(new.cost, '.') = 0 THEN '' ELSE substr(new.cost, instr(new.cost, '.') + 1) END || '000000000000000000', 13, 6) AS INTEGER) WHERE id = new.id;
  END`,
  spend_of_batch_row: `CREATE TRIGGER spend_of_batch_row AFTER UPDATE OF status ON decision_batch_items
    WHEN new.status = 'done' AND new.cost IS NOT NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, estimated, item_id, units_json)
      SELECT coalesce(new.finished_at, batch.updated_at), batch.profile_id, 'batch', batch.model, new.cost,
        new.cost_estimated, new.batch_id || ':' || new.idx,
        CASE WHEN json_valid(new.response_json) THEN coalesce(json_extract(new.response_json, '$.usage'), '{}')
          ELSE '{}' END
      FROM decision_batches AS batch WHERE batch.id = new.batch_id;
  END`,
  spend_of_cache: `CREATE TRIGGER spend_of_cache AFTER INSERT ON cache_handles WHEN new.write_cost IS NOT NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
      VALUES (new.created_at, new.profile_id, 'cache', new.model, new.write_cost, new.profile_id || ':' || new.name,
        json_object('tokens', new.token_count));
  END`,
  spend_of_decision: `CREATE TRIGGER spend_of_decision AFTER INSERT ON decision_runs
    WHEN new.cost IS NOT NULL AND new.batch_id IS NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
      VALUES (new.created_at, new.profile_id, 'decision', new.model, new.cost, new.id,
        CASE WHEN json_valid(new.response_json) THEN coalesce(json_extract(new.response_json, '$.usage'), '{}')
          ELSE '{}' END);
  END`,
  spend_of_image: `CREATE TRIGGER spend_of_image AFTER INSERT ON image_results WHEN new.cost IS NOT NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
      VALUES (new.created_at, new.profile_id, 'image', new.model, new.cost, new.id, coalesce(new.usage_json, '{}'));
  END`,
  spend_of_playground_turn: `CREATE TRIGGER spend_of_playground_turn AFTER INSERT ON playground_turns BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
      VALUES (new.at, new.profile_id, 'playground', new.model, new.cost,
        coalesce(new.conversation_id, '') || ':' || new.id, new.usage_json);
  END`,
  spend_of_unpriced_video: `CREATE TRIGGER spend_of_unpriced_video AFTER UPDATE OF status ON video_jobs
    WHEN new.status = 'completed' AND new.video_cost IS NULL AND new.estimate IS NOT NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, estimated, item_id, units_json)
      VALUES (new.updated_at, new.profile_id, 'video', new.model, new.estimate, 1, new.id,
        json_object('seconds', new.video_seconds));
  END`,
  spend_of_video: `CREATE TRIGGER spend_of_video AFTER UPDATE OF status ON video_jobs
    WHEN new.status = 'completed' AND new.video_cost IS NOT NULL BEGIN
    INSERT OR IGNORE INTO spend_entries (at, profile_id, feature, model, cost, item_id, units_json)
      VALUES (new.updated_at, new.profile_id, 'video', new.model, new.video_cost, new.id,
        json_object('seconds', new.video_seconds));
  END`,
}
