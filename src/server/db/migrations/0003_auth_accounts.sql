ALTER TABLE "user_profiles" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "user_profiles" DROP COLUMN "email_verified";