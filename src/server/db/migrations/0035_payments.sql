CREATE TABLE "crypto_payments" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"token" text NOT NULL,
	"token_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount_units" text NOT NULL,
	"tx_hash" text,
	"from_address" text,
	"block_number" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_payments_txHash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"payment_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"period" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"receipt_url" text,
	"explorer_url" text,
	"paid_at" timestamp with time zone,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_history_paid_at" CHECK ("payment_history"."state" NOT IN ('success', 'refund') OR "payment_history"."paid_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "crypto_payments" ADD CONSTRAINT "crypto_payments_payment_id_payment_history_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payment_history_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_history" ADD CONSTRAINT "payment_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_history_user_idx" ON "payment_history" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_history_provider_ref_idx" ON "payment_history" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payment_history_open_idx" ON "payment_history" USING btree ("state") WHERE "payment_history"."state" IN ('pending', 'processing');