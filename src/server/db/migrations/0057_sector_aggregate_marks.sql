-- Sector membership facts (project count, total market cap and its provenance: db/sector-aggregates.ts) read every
-- project's metric_sources, ~300 ms at 100,000 projects on PGlite. The heat run used to recount them at every run;
-- now it recounts only when a projects statement may have moved them since its last recount, and otherwise refreshes
-- just the top 3 (which follow the scores). Each such statement leaves one mark per transaction (no row shared by
-- writers, so no lock between them); the run deletes the marks it sees and recounts. A mark committed after that
-- delete stays for the next run.
CREATE TABLE "sector_aggregate_marks" (
	"txid" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION sector_aggregates_marked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sector_aggregate_marks (txid) VALUES (txid_current()) ON CONFLICT (txid) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_mark_sector_aggregates
  AFTER INSERT OR DELETE OR UPDATE OF "category", "market_cap", "metric_sources", "name" ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION sector_aggregates_marked();
--> statement-breakpoint
-- The first run after this migration recounts.
INSERT INTO "sector_aggregate_marks" ("txid") VALUES (0);
