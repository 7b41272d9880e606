CREATE TABLE "auth_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_accounts" (
	"provider" text NOT NULL,
	"provider_user_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_accounts_provider_provider_user_id_pk" PRIMARY KEY("provider","provider_user_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"csrf_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"avatar_url" text,
	"membership_level" text DEFAULT 'free' NOT NULL,
	"membership_expires_at" timestamp with time zone,
	"points" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tasks_completed" integer DEFAULT 0 NOT NULL,
	"ads_watched" integer DEFAULT 0 NOT NULL,
	"daily_tasks_completed" integer DEFAULT 0 NOT NULL,
	"daily_ads_watched" integer DEFAULT 0 NOT NULL,
	"last_daily_reset" timestamp with time zone DEFAULT now() NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"email_verified_at" timestamp with time zone,
	"role" text DEFAULT 'user' NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "export_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"format" text NOT NULL,
	"scope" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"compress" text DEFAULT 'none' NOT NULL,
	"include_metadata" boolean DEFAULT true NOT NULL,
	"schedule" text DEFAULT 'once' NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"row_count" integer,
	"file_path" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"next_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "heat_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"score" double precision NOT NULL,
	"social_score" double precision,
	"breakdown" jsonb,
	"model" text NOT NULL,
	"granularity" text DEFAULT 'run' NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"trigger" text DEFAULT 'schedule' NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crypto_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"period" text NOT NULL,
	"chain" text NOT NULL,
	"token" text NOT NULL,
	"amount" double precision NOT NULL,
	"to_address" text NOT NULL,
	"tx_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_payments_txHash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
CREATE TABLE "payment_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"plan" text NOT NULL,
	"period" text NOT NULL,
	"amount" double precision NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"external_ref" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"points_change" integer NOT NULL,
	"reason" text NOT NULL,
	"current_total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_history_total_non_negative" CHECK ("points_history"."current_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"task_type" text NOT NULL,
	"task_key" text NOT NULL,
	"points_awarded" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"symbol" text,
	"logo_url" text,
	"intro_en" text,
	"intro_zh" text,
	"description_en" text,
	"description_zh" text,
	"category" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"chains" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"website_url" text,
	"twitter_handle" text,
	"telegram_url" text,
	"discord_url" text,
	"github_orgs" text[] DEFAULT '{}'::text[] NOT NULL,
	"whitepaper_url" text,
	"status" text DEFAULT 'new' NOT NULL,
	"source_platform" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"coingecko_id" text,
	"defillama_id" text,
	"price" double precision,
	"market_cap" double precision,
	"volume_24h" double precision,
	"price_change_24h" double precision,
	"price_change_7d" double precision,
	"tvl" double precision,
	"followers_twitter" bigint,
	"followers_telegram" bigint,
	"followers_discord" bigint,
	"mentions_7d" bigint,
	"engagement_avg" double precision,
	"dev_commits" bigint,
	"dev_stars" bigint,
	"dev_forks" bigint,
	"dev_contributors" bigint,
	"dev_code_frequency" double precision,
	"news_mentions" bigint,
	"google_trends" double precision,
	"reddit_mentions" bigint,
	"metric_sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"heat_score" double precision DEFAULT 50 NOT NULL,
	"social_score" double precision DEFAULT 50 NOT NULL,
	"heat_model" text,
	"heat_breakdown" jsonb,
	"heat_computed_at" timestamp with time zone,
	"listed_at" timestamp with time zone,
	"is_synthetic" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_zh" text,
	"description_en" text,
	"description_zh" text,
	"icon" text,
	"color" text DEFAULT '#3b82f6' NOT NULL,
	"heat_score" double precision DEFAULT 50 NOT NULL,
	"social_score" double precision,
	"project_count" integer DEFAULT 0 NOT NULL,
	"total_market_cap" double precision,
	"change_24h" double precision,
	"trend" text,
	"breadth" double precision,
	"concentration" double precision,
	"top_projects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"heat_model" text,
	"heat_breakdown" jsonb,
	"heat_computed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sectors_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"threshold" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_triggered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"alert_enabled" boolean DEFAULT false NOT NULL,
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_api_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"api_key_enc" text,
	"api_secret_enc" text,
	"bearer_token_enc" text,
	"daily_usage" integer DEFAULT 0 NOT NULL,
	"daily_limit" integer DEFAULT 300 NOT NULL,
	"last_used" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"rate_limited_until" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_api_usage" (
	"date" date NOT NULL,
	"account_id" uuid NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"rate_limit" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "social_api_usage_date_account_id_pk" PRIMARY KEY("date","account_id")
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_payments" ADD CONSTRAINT "crypto_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_history" ADD CONSTRAINT "payment_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_history" ADD CONSTRAINT "points_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tasks" ADD CONSTRAINT "user_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_api_usage" ADD CONSTRAINT "social_api_usage_account_id_social_api_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_api_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_accounts_user_idx" ON "oauth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "export_jobs_user_idx" ON "export_jobs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "heat_history_entity_idx" ON "heat_history" USING btree ("entity_type","entity_id","computed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "heat_history_time_idx" ON "heat_history" USING btree ("computed_at");--> statement-breakpoint
CREATE INDEX "sync_runs_job_idx" ON "sync_runs" USING btree ("job","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crypto_payments_user_idx" ON "crypto_payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_history_user_idx" ON "payment_history" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "points_history_user_idx" ON "points_history" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_tasks_user_idx" ON "user_tasks" USING btree ("user_id","completed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_heat_idx" ON "projects" USING btree ("heat_score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "projects_social_idx" ON "projects" USING btree ("social_score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "projects_market_cap_idx" ON "projects" USING btree ("market_cap" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "projects_volume_idx" ON "projects" USING btree ("volume_24h" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "projects_change_idx" ON "projects" USING btree ("price_change_24h" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "projects_listed_idx" ON "projects" USING btree ("listed_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "projects_name_idx" ON "projects" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "projects_category_heat_idx" ON "projects" USING btree ("category","heat_score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "projects_chains_idx" ON "projects" USING gin ("chains");--> statement-breakpoint
CREATE INDEX "projects_coingecko_idx" ON "projects" USING btree ("coingecko_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_defillama_idx" ON "projects" USING btree ("defillama_id");--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "social_api_usage_date_idx" ON "social_api_usage" USING btree ("date");