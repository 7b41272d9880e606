CREATE TABLE "share_visits" (
	"token" text NOT NULL,
	"visitor" text NOT NULL,
	"visitor_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_visits_token_visitor_pk" PRIMARY KEY("token","visitor")
);
--> statement-breakpoint
ALTER TABLE "share_tokens" ADD COLUMN "sharer_visitor" text;--> statement-breakpoint
ALTER TABLE "share_visits" ADD CONSTRAINT "share_visits_token_share_tokens_token_fk" FOREIGN KEY ("token") REFERENCES "public"."share_tokens"("token") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_visits" ADD CONSTRAINT "share_visits_visitor_user_id_users_id_fk" FOREIGN KEY ("visitor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_visits_token_user_idx" ON "share_visits" USING btree ("token","visitor_user_id") WHERE "share_visits"."visitor_user_id" is not null;--> statement-breakpoint
-- Hand-written: close all but each user's newest open ad view, so the one-open-view index can be built.
DELETE FROM "ad_views" v WHERE v."redeemed_at" IS NULL AND EXISTS (SELECT 1 FROM "ad_views" n WHERE n."user_id" = v."user_id" AND n."redeemed_at" IS NULL AND (n."issued_at", n."id") > (v."issued_at", v."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "ad_views_one_open_per_user_idx" ON "ad_views" USING btree ("user_id") WHERE "ad_views"."redeemed_at" is null;