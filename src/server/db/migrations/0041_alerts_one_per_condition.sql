-- Hand-written data fix, before the generated index (re-apply it if this migration is regenerated):
-- 1. thresholds are kept as shown, to one decimal (the API rounds them from now on), so "60" and "60.04" are the
--    same condition; a 24 h change stays above 0;
-- 2. of alerts with the same user, kind, target and threshold, one is kept (an active one first, then the oldest);
--    the others go with their delivery logs (foreign key cascade);
-- 3. an alert recorded as fired without a firing (the old first-pass baseline) is armed and re-evaluated: the next
--    pass fires it with its notification if its condition still holds (the first-evaluation rule, docs/alert-evaluation.md).
UPDATE "alerts" SET "threshold" = CASE
    WHEN "kind" = 'heat_change_24h' THEN greatest(round("threshold"::numeric, 1), 0.1)::float8
    ELSE round("threshold"::numeric, 1)::float8
  END
WHERE "threshold" IS NOT NULL AND "threshold" <> round("threshold"::numeric, 1)::float8;--> statement-breakpoint
DELETE FROM "alerts" a USING (
  SELECT "id", row_number() OVER (
    PARTITION BY "user_id", "kind", coalesce("project_id", ''), coalesce("sector_id", ''), coalesce("threshold", -1)
    ORDER BY "is_active" DESC, "created_at", "id"
  ) AS n
  FROM "alerts"
) d
WHERE a."id" = d."id" AND d.n > 1;--> statement-breakpoint
UPDATE "alerts" SET "state" = 'armed', "last_evaluated_at" = NULL
WHERE "state" = 'fired' AND "last_triggered_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_condition_idx" ON "alerts" USING btree ("user_id","kind",coalesce("project_id", ''),coalesce("sector_id", ''),coalesce("threshold", -1));
