-- The daily evaluation's compact store of the outcomes' signals (evaluation-signal-store.ts): one float4 array per
-- signal and day, indexed by a project slot, so a new day's cross-sections read ~60 arrays per signal instead of
-- ~10⁵ rows per signal and day. Slots are stable across days (a project keeps its slot; a new one gets the next).
CREATE TABLE "evaluation_project_slots" (
	"project_id" text PRIMARY KEY NOT NULL,
	"slot" integer NOT NULL,
	CONSTRAINT "evaluation_project_slots_slot_unique" UNIQUE("slot")
);
--> statement-breakpoint
CREATE TABLE "evaluation_signal_days" (
	"signal" text NOT NULL,
	"day" date NOT NULL,
	"slots" integer NOT NULL,
	"series" bytea,
	CONSTRAINT "evaluation_signal_days_pk" PRIMARY KEY("signal","day")
);
--> statement-breakpoint
-- Random float4s do not compress: store the arrays as they are instead of trying each time.
ALTER TABLE "evaluation_signal_days" ALTER COLUMN "series" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- One day of the outcomes' signals (the ones migration 0053's triggers log) without scanning every day's rows: the
-- store builds the days the change log names, and the new day, from it.
CREATE INDEX "daily_signals_evaluation_day_idx" ON "daily_signals" USING btree ("day")
  WHERE "signal" IN ('pageViews', 'news', 'redditPosts', 'redditAuthors', 'commits', 'volume24h', 'price');
