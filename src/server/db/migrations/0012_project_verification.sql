ALTER TABLE "projects" ADD COLUMN "verification" jsonb;--> statement-breakpoint
ALTER TABLE "sectors" ADD COLUMN "market_source" jsonb;--> statement-breakpoint
-- Hand-written (issue 12, "verified means something"): until now every catalogue entry carried a blanket
-- `verified: true` with no record of who checked what. A project is verified only with a recorded verification, so
-- every row without one stops being verified.
UPDATE "projects" SET "is_verified" = false WHERE "verification" IS NULL AND "is_verified";
