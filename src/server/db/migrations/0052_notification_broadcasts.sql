CREATE TABLE "notification_broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notification_broadcasts_dedupe_idx" ON "notification_broadcasts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notification_broadcasts_time_idx" ON "notification_broadcasts" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE TABLE "notification_broadcast_reads" (
	"user_id" uuid NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_broadcast_reads_user_id_broadcast_id_pk" PRIMARY KEY("user_id","broadcast_id")
);
--> statement-breakpoint
ALTER TABLE "notification_broadcast_reads" ADD CONSTRAINT "notification_broadcast_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_broadcast_reads" ADD CONSTRAINT "notification_broadcast_reads_broadcast_id_notification_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."notification_broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A user reading a broadcast is that user's change (their unread count moves), as for their own notifications.
CREATE TRIGGER notification_broadcast_reads_user_changed AFTER INSERT ON notification_broadcast_reads
  FOR EACH ROW EXECUTE FUNCTION heatrank_user_changed('notifications', 'user_id');
