CREATE TABLE "project_scores" (
	"project_id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"heat_score" double precision DEFAULT 50 NOT NULL,
	"social_score" double precision DEFAULT 50 NOT NULL,
	"signal_score" double precision,
	"status" text DEFAULT 'new' NOT NULL,
	"contributions" real[],
	"inputs_hash" text,
	"model" text,
	"computed_at" timestamp with time zone
);
--> statement-breakpoint
-- Carry every project's current score over, so the first recompute after upgrading rewrites only what changed.
INSERT INTO "project_scores"
  ("project_id", "category", "heat_score", "social_score", "signal_score", "status", "contributions", "inputs_hash", "model", "computed_at")
SELECT "id", "category", "heat_score", "social_score", ("heat_breakdown"->>'signal')::float8, "status",
  CASE WHEN jsonb_typeof("heat_breakdown"->'contributions') = 'array'
    THEN translate(("heat_breakdown"->'contributions')::text, '[]', '{}')::real[] END,
  "heat_breakdown"->>'hash', "heat_model", "heat_computed_at"
FROM "projects";--> statement-breakpoint
DROP INDEX "projects_heat_idx";--> statement-breakpoint
DROP INDEX "projects_social_idx";--> statement-breakpoint
DROP INDEX "projects_category_heat_idx";--> statement-breakpoint
CREATE INDEX "project_scores_heat_idx" ON "project_scores" USING btree ("heat_score" DESC NULLS LAST,"project_id");--> statement-breakpoint
CREATE INDEX "project_scores_social_idx" ON "project_scores" USING btree ("social_score" DESC NULLS LAST,"project_id");--> statement-breakpoint
CREATE INDEX "project_scores_category_heat_idx" ON "project_scores" USING btree ("category","heat_score" DESC NULLS LAST,"project_id");--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "heat_score";--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "social_score";--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "heat_model";--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "heat_breakdown";--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "heat_computed_at";--> statement-breakpoint
-- Every project has exactly one project_scores row. Triggers keep that true for every writer (catalogue, ingestion,
-- seeders, admin, tests) instead of each remembering to: a new project starts at the neutral 50 with status 'new'
-- (spec: new projects), and the row follows the project's id and category and goes with it.
CREATE FUNCTION "project_scores_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "project_scores" ("project_id", "category")
  SELECT "id", "category" FROM "inserted_projects"
  ON CONFLICT ("project_id") DO UPDATE SET "category" = EXCLUDED."category";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_insert_scores" AFTER INSERT ON "projects"
  REFERENCING NEW TABLE AS "inserted_projects" FOR EACH STATEMENT EXECUTE FUNCTION "project_scores_on_insert"();--> statement-breakpoint
CREATE FUNCTION "project_scores_on_key_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "project_scores" SET "project_id" = NEW."id", "category" = NEW."category" WHERE "project_id" = OLD."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_key_change_scores" AFTER UPDATE OF "id", "category" ON "projects" FOR EACH ROW
  WHEN (OLD."id" IS DISTINCT FROM NEW."id" OR OLD."category" IS DISTINCT FROM NEW."category")
  EXECUTE FUNCTION "project_scores_on_key_change"();--> statement-breakpoint
CREATE FUNCTION "project_scores_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "project_scores" AS s USING "deleted_projects" AS d WHERE s."project_id" = d."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_delete_scores" AFTER DELETE ON "projects"
  REFERENCING OLD TABLE AS "deleted_projects" FOR EACH STATEMENT EXECUTE FUNCTION "project_scores_on_delete"();--> statement-breakpoint
CREATE FUNCTION "project_scores_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "project_scores";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_truncate_scores" AFTER TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "project_scores_on_truncate"();
