CREATE TABLE "export_chunks" (
	"export_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "export_chunks_export_id_seq_pk" PRIMARY KEY("export_id","seq")
);
--> statement-breakpoint
CREATE TABLE "export_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"delivery" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"state" text DEFAULT 'processing' NOT NULL,
	"error" text,
	"error_params" jsonb,
	"file_name" text,
	"content_type" text,
	"file_size" bigint,
	"row_count" integer,
	"row_cap" integer,
	"truncated" boolean DEFAULT false NOT NULL,
	"schedule_id" uuid,
	"scheduled_for" timestamp with time zone,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
DROP TABLE "export_jobs" CASCADE;--> statement-breakpoint
ALTER TABLE "export_chunks" ADD CONSTRAINT "export_chunks_export_id_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_schedules" ADD CONSTRAINT "export_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_schedule_id_export_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."export_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_schedules_user_idx" ON "export_schedules" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "export_schedules_due_idx" ON "export_schedules" USING btree ("next_run_at") WHERE "export_schedules"."active";--> statement-breakpoint
CREATE INDEX "exports_user_idx" ON "exports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exports_processing_idx" ON "exports" USING btree ("created_at") WHERE "exports"."state" = 'processing';--> statement-breakpoint
CREATE INDEX "exports_expires_idx" ON "exports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exports_schedule_period_idx" ON "exports" USING btree ("schedule_id","scheduled_for");