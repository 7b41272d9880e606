CREATE TABLE "heat_recompute_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"baseline_at" timestamp with time zone,
	"model" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_scores" ADD COLUMN "inputs_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_scores" ADD COLUMN "scored_version" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_scores" ADD COLUMN "rescore_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_scores" ADD COLUMN "gain_24h" double precision;--> statement-breakpoint
-- The scheduled recompute re-scores only rows whose inputs changed: every UPDATE of projects that changes a heat
-- input (the columns heat.queries.ts reads as ProjectInputs) bumps its scores row's inputs_version. A renamed row
-- (no old row with its id) counts as changed. One statement-level trigger: a bulk refresh is one join, not N calls.
CREATE FUNCTION "project_scores_on_inputs_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "project_scores" AS s SET "inputs_version" = s."inputs_version" + 1
  FROM "updated_projects" AS n LEFT JOIN "previous_projects" AS o ON o."id" = n."id"
  WHERE s."project_id" = n."id" AND (o."id" IS NULL OR
    (n."followers_twitter", n."mentions_7d", n."engagement_avg", n."followers_telegram", n."followers_discord",
     n."market_cap", n."volume_24h", n."price_change_24h", n."price_change_7d", n."dev_commits", n."dev_stars",
     n."dev_forks", n."dev_contributors", n."dev_code_frequency", n."news_mentions", n."google_trends",
     n."reddit_mentions", n."reddit_authors", n."listed_at", n."is_verified")
    IS DISTINCT FROM
    (o."followers_twitter", o."mentions_7d", o."engagement_avg", o."followers_telegram", o."followers_discord",
     o."market_cap", o."volume_24h", o."price_change_24h", o."price_change_7d", o."dev_commits", o."dev_stars",
     o."dev_forks", o."dev_contributors", o."dev_code_frequency", o."news_mentions", o."google_trends",
     o."reddit_mentions", o."reddit_authors", o."listed_at", o."is_verified"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_inputs_change_scores" AFTER UPDATE ON "projects"
  REFERENCING OLD TABLE AS "previous_projects" NEW TABLE AS "updated_projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "project_scores_on_inputs_change"();
--> statement-breakpoint
-- A stored score edited by anything but the recompute (a repair, a migration, a test) is re-scored by the next run:
-- the recompute marks its own transaction (heatrank.scoring = on); any other change of a stored output resets the
-- row's scored_version, so it counts as dirty. The recompute's rebuild recreates this trigger on the new table
-- (heat.queries.ts, OUTPUT_EDIT_TRIGGER).
CREATE FUNCTION "project_scores_on_output_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."scored_version" := -1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "project_scores_output_edit" BEFORE UPDATE ON "project_scores" FOR EACH ROW
  WHEN (current_setting('heatrank.scoring', true) IS DISTINCT FROM 'on' AND
    (NEW."heat_score", NEW."social_score", NEW."signal_score", NEW."status", NEW."evidence_count", NEW."contributions",
     NEW."inputs_hash", NEW."model", NEW."gain_24h", NEW."rescore_at")
    IS DISTINCT FROM
    (OLD."heat_score", OLD."social_score", OLD."signal_score", OLD."status", OLD."evidence_count", OLD."contributions",
     OLD."inputs_hash", OLD."model", OLD."gain_24h", OLD."rescore_at"))
  EXECUTE FUNCTION "project_scores_on_output_edit"();
