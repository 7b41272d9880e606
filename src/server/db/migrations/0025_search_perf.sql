-- Hand-written (issue 14, search speed targets at 100k projects; docs/search.md "Performance"). No drizzle schema
-- change: a plain index and a table that only hand-written SQL reads.
-- A text search with a sector filter tests projects.category (search.queries.ts filterWhere): this index is ANDed with
-- the text bitmaps, so only the sector's matches are read from the heap (`swap` + DeFi: 10,092 → ~930 heap rows).
CREATE INDEX "projects_category_idx" ON "projects" ("category");
