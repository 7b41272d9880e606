-- Change-only project history (docs/heat-score.md §7.2): a run writes a project's heat_history row only when one of
-- its stored outputs moved since its previous row, plus one at its first run of each UTC hour. Readers therefore need
-- the runs themselves, which a run that moved nothing no longer leaves in heat_history: heat_runs lists them, one row
-- per run, compacted by the retention job like the history (run → hour → day): ~1,600 rows a year, so its primary key
-- is its only index.
CREATE TABLE "heat_runs" (
	"computed_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"granularity" text DEFAULT 'run' NOT NULL,
	"projects" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- The runs still in the run tier (at most 48 h of them): every history row of a run shares its computed_at.
INSERT INTO "heat_runs" ("computed_at", "projects")
SELECT computed_at, bool_or(entity_type = 'project') FROM "heat_history" WHERE granularity = 'run' GROUP BY computed_at;
--> statement-breakpoint
-- A project that stops being scored in the middle of an hour gets a row with a null score (it is absent from that run
-- on), so a reader carrying its last row forward stops there. Retention removes these rows when it compacts the hour.
ALTER TABLE "heat_history" ALTER COLUMN "score" DROP NOT NULL;
--> statement-breakpoint
-- Whatever inserts run rows (a run, a repair, a test) lists their run: one statement-level pass over the new rows.
CREATE FUNCTION heat_runs_from_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO heat_runs (computed_at, projects)
  SELECT computed_at, bool_or(entity_type = 'project') FROM new_rows
  WHERE granularity = 'run' AND score IS NOT NULL GROUP BY computed_at
  ON CONFLICT (computed_at) DO UPDATE SET projects = heat_runs.projects OR excluded.projects;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER heat_history_lists_runs AFTER INSERT ON "heat_history" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION heat_runs_from_history();
--> statement-breakpoint
-- A deleted project is absent from the next run on: a null row just after the last run ends its carried row, when it
-- has one in that run's hour (otherwise no reader carries it).
CREATE FUNCTION heat_history_end_deleted_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO heat_history (entity_type, entity_id, computed_at, score, model)
  SELECT 'project', OLD.id, s.last_run_at + interval '1 microsecond', NULL, s.model
  FROM heat_recompute_state s
  WHERE s.id = 1 AND EXISTS (
    SELECT 1 FROM heat_history h
    WHERE h.entity_type = 'project' AND h.entity_id = OLD.id AND h.granularity = 'run'
      AND h.computed_at <= s.last_run_at
      AND h.computed_at >= date_trunc('hour', s.last_run_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_end_history AFTER DELETE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION heat_history_end_deleted_project();
