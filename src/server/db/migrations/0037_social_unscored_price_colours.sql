ALTER TABLE "project_scores" ALTER COLUMN "social_score" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "project_scores" ALTER COLUMN "social_score" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "price_colours" text;