-- Hand-written (issue 14, search speed targets at 100k projects; docs/search.md "Performance"). No drizzle schema
-- change: a plain index and a table that only hand-written SQL reads.
-- A text search with a sector filter tests projects.category (search.queries.ts filterWhere): this index is ANDed with
-- the text bitmaps, so only the sector's matches are read from the heap (`swap` + DeFi: 10,092 → ~930 heap rows).
CREATE INDEX "projects_category_idx" ON "projects" ("category");
--> statement-breakpoint
-- Suggestions for a common prefix (search.queries.ts refreshSuggestPrefixes): per lower-case prefix of a name or a
-- symbol, the 8 projects it starts with the highest heat, kept only when they are provably the top 8 (see there).
-- Rewritten after every recompute (heat changes only there), in one transaction, so every instance reads one state.
CREATE TABLE "search_suggest_prefixes" (
  "prefix" text PRIMARY KEY NOT NULL,
  "project_ids" text[] NOT NULL,
  "refreshed_at" timestamp with time zone NOT NULL
);
