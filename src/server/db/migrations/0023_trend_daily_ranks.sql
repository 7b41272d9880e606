CREATE TABLE "heat_daily_ranks" (
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"day" date NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"score" double precision NOT NULL,
	"rank" integer NOT NULL,
	"total" integer NOT NULL,
	"sector_id" text,
	"sector_rank" integer,
	"sector_total" integer,
	CONSTRAINT "heat_daily_ranks_pk" PRIMARY KEY("entity_type","entity_id","day")
);
--> statement-breakpoint
CREATE INDEX "heat_daily_ranks_day_idx" ON "heat_daily_ranks" USING btree ("day","entity_type");--> statement-breakpoint
-- Backfill (hand-written): every day heat_history holds, ranked as trend.queries.ts upsertDailyRanks does it with
-- { all: true } (the last row of each entity's UTC day; rank among its type that day; projects within their sector).
-- One pass over the last 120 days of history: measured at 100k projects with 8.8M history rows, ~9 min on a heavily
-- loaded 2-core machine; the sorts get memory of their own for this transaction.
SET LOCAL work_mem = '256MB';
--> statement-breakpoint
INSERT INTO "heat_daily_ranks"
  ("entity_type", "entity_id", "day", "computed_at", "score", "rank", "total", "sector_id", "sector_rank", "sector_total")
SELECT entity_type, entity_id, day, computed_at, score, rank, total, sector_id,
  CASE WHEN sector_id IS NULL THEN NULL ELSE sector_rank END,
  CASE WHEN sector_id IS NULL THEN NULL ELSE sector_total END
FROM (
  SELECT l.entity_type, l.entity_id, l.day, l.computed_at, l.score,
    rank() OVER (PARTITION BY l.entity_type, l.day ORDER BY l.score DESC)::int AS rank,
    count(*) OVER (PARTITION BY l.entity_type, l.day)::int AS total,
    s.id AS sector_id,
    rank() OVER (PARTITION BY l.entity_type, l.day, s.id ORDER BY l.score DESC)::int AS sector_rank,
    count(*) OVER (PARTITION BY l.entity_type, l.day, s.id)::int AS sector_total
  FROM (
    SELECT DISTINCT ON (entity_type, entity_id, day) entity_type, entity_id, day, computed_at, score FROM (
      SELECT entity_type, entity_id, (computed_at AT TIME ZONE 'UTC')::date AS day, computed_at, score
      FROM "heat_history" WHERE computed_at >= now() - interval '120 days'
    ) AS h
    ORDER BY entity_type, entity_id, day, computed_at DESC
  ) AS l
  LEFT JOIN "projects" p ON l.entity_type = 'project' AND p.id = l.entity_id
  LEFT JOIN "sectors" s ON s.name = p.category
) AS ranked;
