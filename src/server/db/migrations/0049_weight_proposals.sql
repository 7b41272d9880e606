CREATE TABLE "weight_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"weights" jsonb NOT NULL,
	"visibility" text NOT NULL,
	"evaluation" jsonb NOT NULL,
	"candidate_model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weight_proposals_visibility" CHECK ("weight_proposals"."visibility" IN ('private', 'public'))
);
--> statement-breakpoint
ALTER TABLE "weight_proposals" ADD CONSTRAINT "weight_proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weight_proposals_user_idx" ON "weight_proposals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "weight_proposals_public_idx" ON "weight_proposals" USING btree ("created_at") WHERE "weight_proposals"."visibility" = 'public';
