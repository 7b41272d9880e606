DROP TABLE "alerts" CASCADE;--> statement-breakpoint
DROP TABLE "saved_searches" CASCADE;