ALTER TABLE "user_profiles" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "theme" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "number_style" text;