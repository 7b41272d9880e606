ALTER TABLE "projects" ADD COLUMN "news_query" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "wikipedia_titles" jsonb;