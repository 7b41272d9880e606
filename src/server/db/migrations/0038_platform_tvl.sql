CREATE TABLE "platform_tvl" (
	"platform_key" text PRIMARY KEY NOT NULL,
	"source_name" text NOT NULL,
	"tvl_usd" double precision NOT NULL,
	"source" text DEFAULT 'defillama' NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"stale" boolean DEFAULT false NOT NULL
);
