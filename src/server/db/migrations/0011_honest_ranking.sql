ALTER TABLE "project_scores" ALTER COLUMN "heat_score" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "project_scores" ALTER COLUMN "heat_score" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "project_scores" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "project_scores" ALTER COLUMN "status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sectors" ALTER COLUMN "heat_score" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sectors" ALTER COLUMN "heat_score" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "project_scores" ADD COLUMN "evidence_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sectors" ADD COLUMN "scored_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- ===== Hand-written (issue 12, "rank what we know"); keep this block as one unit if the migration is renumbered. =====
-- The insert trigger of migration 0008 only names project_id and category, so with the defaults dropped above a new
-- project's row now starts NOT SCORED (heat_score and status NULL, evidence_count 0) instead of 50/'new'; the next
-- recompute scores it if it has enough evidence. The function is re-created only to say so where it is defined.
CREATE OR REPLACE FUNCTION "project_scores_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Not scored until a recompute finds at least MIN_EVIDENCE_SIGNALS inputs with data (shared/scoring/evidence.ts).
  INSERT INTO "project_scores" ("project_id", "category", "heat_score", "signal_score", "status", "evidence_count")
  SELECT "id", "category", NULL, NULL, NULL, 0 FROM "inserted_projects"
  ON CONFLICT ("project_id") DO UPDATE SET "category" = EXCLUDED."category";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Existing rows: count each project's raw heat inputs with data (the 17 of EVIDENCE_SIGNAL_KEYS) and take the score
-- away from those below the rule's 2, so no 50.0 default is shown between the upgrade and the first recompute.
-- model = NULL makes that recompute rewrite them (contributions included).
UPDATE "project_scores" AS s SET "evidence_count" = num_nonnulls(
  p."followers_twitter", p."mentions_7d", p."engagement_avg", p."followers_telegram", p."followers_discord",
  p."market_cap", p."volume_24h", p."price_change_24h", p."price_change_7d", p."dev_commits", p."dev_stars",
  p."dev_forks", p."dev_contributors", p."dev_code_frequency", p."news_mentions", p."google_trends", p."reddit_mentions")
FROM "projects" AS p WHERE p."id" = s."project_id";--> statement-breakpoint
UPDATE "project_scores" SET "heat_score" = NULL, "signal_score" = NULL, "status" = NULL, "contributions" = NULL,
  "model" = NULL
WHERE "evidence_count" < 2;
-- ===== end of hand-written block =====
