-- Hand-written (issue 14, search at 100k projects; docs/search.md "Performance"). Expression and INCLUDE indexes
-- only, so no drizzle schema change.
-- The facets and the filters-only search read every project matching the non-facet filters (a third of the catalogue
-- for "heat ≥ 40"): this narrow copy of the columns they need lets that be an index-only scan of ~13 MB instead of a
-- sequential scan of the ~77 MB projects heap (measured at 100k: 9,864 → 1,588 buffers). The heat, status and the
-- category copy come from project_scores, which is narrow already.
CREATE INDEX "projects_search_facets_idx" ON "projects" ("id")
  INCLUDE ("category", "chains", "is_verified", "market_cap", "volume_24h", "price_change_24h", "price_change_7d", "listed_at");
--> statement-breakpoint
-- Suggestions by prefix, any length (a 1–2 character prefix has no trigram to search by): a btree range scan of
-- lower(name)/lower(symbol) that carries the name and symbol, so the candidates are ranked without touching the heap.
CREATE INDEX "projects_name_prefix_idx" ON "projects" (lower("name") text_pattern_ops) INCLUDE ("id", "name", "symbol");
--> statement-breakpoint
CREATE INDEX "projects_symbol_prefix_idx" ON "projects" (lower("symbol") text_pattern_ops) INCLUDE ("id", "name", "symbol");
