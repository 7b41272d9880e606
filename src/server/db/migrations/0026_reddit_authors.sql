ALTER TABLE "projects" ADD COLUMN "reddit_authors" bigint;--> statement-breakpoint
-- Distinct Reddit authors move from project_signals (signal 'redditAuthors7d') to their own column beside the posts,
-- with their provenance, so the recompute reads both in one row (the distinct-authors rule, docs/heat-score.md).
UPDATE "projects" AS p SET
  "reddit_authors" = round(s.value)::bigint,
  "metric_sources" = p."metric_sources" || jsonb_build_object(
    'redditAuthors',
    jsonb_build_object('source', s.source, 'asOf', to_char(s.as_of AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  )
FROM "project_signals" AS s
WHERE s.project_id = p.id AND s.signal = 'redditAuthors7d' AND s.value IS NOT NULL;
--> statement-breakpoint
DELETE FROM "project_signals" WHERE "signal" = 'redditAuthors7d';
