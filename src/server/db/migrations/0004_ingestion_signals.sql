CREATE TABLE "project_signals" (
	"project_id" text NOT NULL,
	"signal" text NOT NULL,
	"value" double precision,
	"source" text NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	CONSTRAINT "project_signals_project_id_signal_pk" PRIMARY KEY("project_id","signal")
);
--> statement-breakpoint
CREATE TABLE "source_categories" (
	"source" text NOT NULL,
	"category" text NOT NULL,
	"sector" text NOT NULL,
	"mapped" boolean NOT NULL,
	"project_count" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "source_categories_source_category_pk" PRIMARY KEY("source","category")
);
--> statement-breakpoint
ALTER TABLE "social_api_accounts" ADD COLUMN "usage_date" date;--> statement-breakpoint
ALTER TABLE "project_signals" ADD CONSTRAINT "project_signals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_signals_signal_idx" ON "project_signals" USING btree ("signal");