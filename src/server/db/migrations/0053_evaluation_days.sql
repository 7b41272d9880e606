CREATE TABLE "evaluation_input_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "heat_evaluation_runs" (
	"model_version" text NOT NULL,
	"basis" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"settings" text NOT NULL,
	"mode" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "heat_evaluation_runs_pk" PRIMARY KEY("model_version","basis")
);
--> statement-breakpoint
-- The days a statement wrote, once each (statement triggers with transition tables: one small insert per statement,
-- not per row, so a backfill's bulk upsert pays once). Only what the published evaluation reads: the outcomes'
-- signals (evaluation-inputs.service.ts PANEL_SIGNAL_SOURCES) and project heat.
CREATE FUNCTION evaluation_signal_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO evaluation_input_changes (day)
  SELECT DISTINCT day FROM changed_rows
  WHERE signal IN ('pageViews', 'news', 'redditPosts', 'redditAuthors', 'commits', 'volume24h', 'price');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION evaluation_heat_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO evaluation_input_changes (day) SELECT DISTINCT day FROM changed_rows WHERE entity_type = 'project';
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A project's sector is read as it is now, for every past day: a project whose category changed, a project leaving,
-- or a change to the sectors rows marks every day (a routine upsert that keeps the category marks nothing).
CREATE FUNCTION evaluation_sectors_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO evaluation_input_changes (day) VALUES (NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER daily_signals_evaluation_insert AFTER INSERT ON daily_signals
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION evaluation_signal_days_changed();
--> statement-breakpoint
CREATE TRIGGER daily_signals_evaluation_update AFTER UPDATE ON daily_signals
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION evaluation_signal_days_changed();
--> statement-breakpoint
CREATE TRIGGER daily_signals_evaluation_delete AFTER DELETE ON daily_signals
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION evaluation_signal_days_changed();
--> statement-breakpoint
CREATE TRIGGER heat_daily_ranks_evaluation_insert AFTER INSERT ON heat_daily_ranks
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION evaluation_heat_days_changed();
--> statement-breakpoint
CREATE TRIGGER heat_daily_ranks_evaluation_update AFTER UPDATE ON heat_daily_ranks
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION evaluation_heat_days_changed();
--> statement-breakpoint
CREATE TRIGGER heat_daily_ranks_evaluation_delete AFTER DELETE ON heat_daily_ranks
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION evaluation_heat_days_changed();
--> statement-breakpoint
CREATE TRIGGER projects_evaluation_categories AFTER UPDATE OF category ON projects
  FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category) EXECUTE FUNCTION evaluation_sectors_changed();
--> statement-breakpoint
CREATE TRIGGER projects_evaluation_delete AFTER DELETE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION evaluation_sectors_changed();
--> statement-breakpoint
CREATE TRIGGER sectors_evaluation_sectors AFTER INSERT OR DELETE OR UPDATE OF id, name ON sectors
  FOR EACH STATEMENT EXECUTE FUNCTION evaluation_sectors_changed();
