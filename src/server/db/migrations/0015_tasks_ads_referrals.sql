CREATE TABLE "ad_views" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"ad_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "house_ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"body_zh" text NOT NULL,
	"body_en" text NOT NULL,
	"image_url" text,
	"link_url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_events" (
	"user_id" uuid NOT NULL,
	"task_key" text NOT NULL,
	"day" text NOT NULL,
	"item" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "task_events_user_id_day_task_key_item_pk" PRIMARY KEY("user_id","day","task_key","item"),
	CONSTRAINT "task_events_item_length" CHECK (length("task_events"."item") <= 200)
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "streak_current" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "streak_best" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "streak_last_day" text;--> statement-breakpoint
ALTER TABLE "ad_views" ADD CONSTRAINT "ad_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_views" ADD CONSTRAINT "ad_views_ad_id_house_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."house_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_tokens" ADD CONSTRAINT "share_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_events" ADD CONSTRAINT "task_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_views_user_idx" ON "ad_views" USING btree ("user_id","ad_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "share_tokens_user_project_day_idx" ON "share_tokens" USING btree ("user_id","project_id","day");--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_profiles_referred_by_idx" ON "user_profiles" USING btree ("referred_by");--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_referralCode_unique" UNIQUE("referral_code");--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_not_self_referred" CHECK ("user_profiles"."referred_by" <> "user_profiles"."id");--> statement-breakpoint
-- Hand-written: two honest house ads, promoting HeatRank itself (admins edit or add more under /api/admin/ads).
INSERT INTO "house_ads" ("title_zh", "title_en", "body_zh", "body_en", "image_url", "link_url") VALUES
('高级会员无广告', 'Premium is ad-free', '升级到高级会员：不再有广告，每天 100 次搜索，还能使用自定义筛选。', 'Upgrade to Premium: no more ads, 100 searches a day and custom search filters.', NULL, '/membership'),
('热度分是怎么算的', 'How the heat score works', '热度分由社交、市场、开发和新闻四类信号组成，每个数字都注明来源和时间。了解我们的计算方法。', 'The heat score combines social, market, developer and news signals, each figure with its source and time. Read how we compute it.', NULL, '/about');
