DROP INDEX "heat_history_entity_idx";--> statement-breakpoint
ALTER TABLE "heat_history" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "heat_history" ADD CONSTRAINT "heat_history_pk" PRIMARY KEY("entity_type","entity_id","computed_at");--> statement-breakpoint
ALTER TABLE "sync_runs" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD COLUMN "instance" text;--> statement-breakpoint
CREATE INDEX "sync_runs_started_idx" ON "sync_runs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sync_runs_slot_idx" ON "sync_runs" USING btree ("job","scheduled_for") WHERE "sync_runs"."scheduled_for" IS NOT NULL;
