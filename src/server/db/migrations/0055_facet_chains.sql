-- Hand-written (issue 36 point 5: broad facets ≤ 50 ms p95 at 100k; docs/search.md "Facets"). The facets of a search
-- without text count sector, chain and status over every project that passes the other filters (a third of the
-- catalogue for "heat ≥ 40"). They needed projects only for `chains`, and that join cost more than the counting
-- (measured at 100k on PostgreSQL: ~35 ms index-only scan of all of projects_search_facets_idx beside ~15 ms for
-- project_scores). With a copy of the chains beside the category copy, such facets read project_scores alone.
ALTER TABLE "project_scores" ADD COLUMN "chains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Existing rows. Not a stored output: the output-edit trigger (migration 0050) leaves scored_version alone.
UPDATE "project_scores" AS s SET "chains" = p."chains"
FROM "projects" AS p WHERE p."id" = s."project_id" AND p."chains" <> '{}'::text[];--> statement-breakpoint
-- The facets' two passes over the matches of a heat range read project_scores_heat_idx alone (index-only): it carries
-- the sector, status and chains after its sort key. The id is unique, so the order (heat, id) is unchanged; a
-- recompute's rebuild recreates the index from schema/heat.ts like the others.
DROP INDEX "project_scores_heat_idx";--> statement-breakpoint
CREATE INDEX "project_scores_heat_idx" ON "project_scores" USING btree ("heat_score" DESC NULLS LAST,"project_id","category","status","chains");--> statement-breakpoint
-- The triggers of migrations 0008/0011 keep the copy current for every writer, as they do the category's: a new
-- project's row starts with its chains, and the row follows a change of id, category or chains.
CREATE OR REPLACE FUNCTION "project_scores_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Not scored until a recompute finds at least MIN_EVIDENCE_SIGNALS inputs with data (shared/scoring/evidence.ts).
  INSERT INTO "project_scores" ("project_id", "category", "chains", "heat_score", "signal_score", "status", "evidence_count")
  SELECT "id", "category", "chains", NULL, NULL, NULL, 0 FROM "inserted_projects"
  ON CONFLICT ("project_id") DO UPDATE SET "category" = EXCLUDED."category", "chains" = EXCLUDED."chains";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "project_scores_on_key_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "project_scores" SET "project_id" = NEW."id", "category" = NEW."category", "chains" = NEW."chains"
  WHERE "project_id" = OLD."id";
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "projects_key_change_scores" ON "projects";--> statement-breakpoint
CREATE TRIGGER "projects_key_change_scores" AFTER UPDATE OF "id", "category", "chains" ON "projects" FOR EACH ROW
  WHEN (OLD."id" IS DISTINCT FROM NEW."id" OR OLD."category" IS DISTINCT FROM NEW."category"
    OR OLD."chains" IS DISTINCT FROM NEW."chains")
  EXECUTE FUNCTION "project_scores_on_key_change"();
