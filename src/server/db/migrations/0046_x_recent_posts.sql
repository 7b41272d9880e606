CREATE TABLE "x_recent_posts" (
	"project_id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"posts" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"stale" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "x_recent_posts" ADD CONSTRAINT "x_recent_posts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE cascade;