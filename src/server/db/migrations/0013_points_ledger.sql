ALTER TABLE "points_history" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "points_history_user_key_idx" ON "points_history" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_points_non_negative" CHECK ("user_profiles"."points" >= 0);