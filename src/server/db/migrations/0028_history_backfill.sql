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
-- A project's daily values go with it (no foreign key on daily_signals: see schema/history.ts).
CREATE FUNCTION daily_signals_project_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM daily_signals WHERE project_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER daily_signals_project_delete AFTER DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION daily_signals_project_delete();
