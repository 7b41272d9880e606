CREATE TABLE "project_logos" (
	"project_id" text PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"content_type" text,
	"bytes" "bytea",
	"byte_size" integer,
	"etag" text,
	"error" text,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_raises" (
	"raise_key" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"round" text,
	"amount_usd" double precision,
	"valuation_usd" double precision,
	"lead_investors" text[] DEFAULT '{}'::text[] NOT NULL,
	"other_investors" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_url" text,
	"defillama_id" text,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "logo_etag" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "fundamentals" jsonb;--> statement-breakpoint
ALTER TABLE "project_logos" ADD CONSTRAINT "project_logos_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_raises" ADD CONSTRAINT "project_raises_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_raises_project_idx" ON "project_raises" USING btree ("project_id","raised_at" DESC NULLS LAST);