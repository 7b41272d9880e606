CREATE TABLE "briefs" (
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"lang" text NOT NULL,
	"data_version" text NOT NULL,
	"state" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"retry_at" timestamp with time zone,
	"brief" jsonb,
	CONSTRAINT "briefs_kind_entity_id_lang_data_version_pk" PRIMARY KEY("kind","entity_id","lang","data_version")
);
--> statement-breakpoint
CREATE TABLE "llm_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"entry" text NOT NULL,
	"tokens_in" integer NOT NULL,
	"tokens_out" integer NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "llm_usage_day_idx" ON "llm_usage" USING btree ("day");