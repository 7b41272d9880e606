CREATE TABLE "user_dashboards" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"widgets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"home_dashboard" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_dashboards_version_positive" CHECK ("user_dashboards"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "user_dashboards" ADD CONSTRAINT "user_dashboards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;