ALTER TABLE "sessions" ADD COLUMN "auth_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auth_epoch" integer DEFAULT 0 NOT NULL;