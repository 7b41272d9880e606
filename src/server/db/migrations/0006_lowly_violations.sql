DROP INDEX "heat_history_time_idx";--> statement-breakpoint
CREATE INDEX "heat_history_tier_time_idx" ON "heat_history" USING btree ("granularity","computed_at");