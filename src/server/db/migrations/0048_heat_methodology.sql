CREATE TABLE "heat_evaluation_cells" (
	"model_version" text NOT NULL,
	"basis" text NOT NULL,
	"outcome" text NOT NULL,
	"horizon" integer NOT NULL,
	"group_kind" text NOT NULL,
	"group_id" text NOT NULL,
	"family" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"correlation_mean" double precision,
	"correlation_low" double precision,
	"correlation_high" double precision,
	"correlation_days" integer NOT NULL,
	"hit_rate_mean" double precision,
	"hit_rate_low" double precision,
	"hit_rate_high" double precision,
	"hit_rate_days" integer NOT NULL,
	"hit_rate_chance" double precision NOT NULL,
	"block_length" integer,
	"days_used" integer NOT NULL,
	"days_skipped" integer NOT NULL,
	"days_pending" integer NOT NULL,
	"days_needed" integer NOT NULL,
	"projects_mean" double precision NOT NULL,
	"projects_min" integer NOT NULL,
	"seed" integer NOT NULL,
	"resamples" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "heat_evaluation_cells_pk" PRIMARY KEY("model_version","basis","outcome","horizon","group_kind","group_id")
);
--> statement-breakpoint
CREATE TABLE "heat_evaluation_days" (
	"model_version" text NOT NULL,
	"basis" text NOT NULL,
	"outcome" text NOT NULL,
	"horizon" integer NOT NULL,
	"group_kind" text NOT NULL,
	"group_id" text NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	"correlation" double precision,
	"hit_rate" double precision NOT NULL,
	CONSTRAINT "heat_evaluation_days_pk" PRIMARY KEY("model_version","basis","outcome","horizon","group_kind","group_id","day")
);
--> statement-breakpoint
CREATE TABLE "heat_models" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"definition" jsonb NOT NULL,
	"changelog" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"promoted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "heat_evaluation_days_day_idx" ON "heat_evaluation_days" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "heat_models_one_current_idx" ON "heat_models" USING btree ("status") WHERE "heat_models"."status" = 'current';