CREATE TABLE "watchlist_items" (
	"watchlist_id" uuid NOT NULL,
	"project_id" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount" double precision,
	"cost_basis" double precision,
	"note" text,
	CONSTRAINT "watchlist_items_pk" PRIMARY KEY("watchlist_id","project_id"),
	CONSTRAINT "watchlist_items_amount_nonneg" CHECK ("watchlist_items"."amount" IS NULL OR "watchlist_items"."amount" >= 0),
	CONSTRAINT "watchlist_items_cost_nonneg" CHECK ("watchlist_items"."cost_basis" IS NULL OR "watchlist_items"."cost_basis" >= 0),
	CONSTRAINT "watchlist_items_note_length" CHECK ("watchlist_items"."note" IS NULL OR char_length("watchlist_items"."note") <= 200)
);
--> statement-breakpoint
CREATE TABLE "watchlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlists_name_length" CHECK (char_length("watchlists"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_items_project_idx" ON "watchlist_items" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlists_user_name_idx" ON "watchlists" USING btree ("user_id","name");