CREATE TABLE "quota_usage" (
	"subject" text NOT NULL,
	"quota" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "quota_usage_subject_quota_window_start_pk" PRIMARY KEY("subject","quota","window_start")
);
--> statement-breakpoint
CREATE INDEX "quota_usage_window_idx" ON "quota_usage" USING btree ("window_start");