CREATE TABLE "backfill_progress" (
	"project_id" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"from_day" date,
	"to_day" date,
	"points" integer DEFAULT 0 NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "backfill_progress_pk" PRIMARY KEY("project_id","source")
);
--> statement-breakpoint
CREATE TABLE "daily_signals" (
	"project_id" text NOT NULL,
	"signal" text NOT NULL,
	"day" date NOT NULL,
	"value" double precision NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_signals_pk" PRIMARY KEY("project_id","signal","day")
);
--> statement-breakpoint
ALTER TABLE "heat_history" ADD COLUMN "backfilled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "backfill_progress" ADD CONSTRAINT "backfill_progress_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_signals" ADD CONSTRAINT "daily_signals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;