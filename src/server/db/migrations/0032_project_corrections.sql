CREATE TABLE "project_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"proposed" jsonb NOT NULL,
	"current" jsonb NOT NULL,
	"note" text,
	"source_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewer_id" uuid,
	"reason" text,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "project_corrections_status_check" CHECK ("project_corrections"."status" IN ('pending', 'accepted', 'rejected')),
	CONSTRAINT "project_corrections_reviewed_check" CHECK (("project_corrections"."status" = 'pending') = ("project_corrections"."reviewed_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "project_corrections" ADD CONSTRAINT "project_corrections_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_corrections" ADD CONSTRAINT "project_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_corrections" ADD CONSTRAINT "project_corrections_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_corrections_user_idx" ON "project_corrections" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "project_corrections_status_idx" ON "project_corrections" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "project_corrections_project_idx" ON "project_corrections" USING btree ("project_id","status");