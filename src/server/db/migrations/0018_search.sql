-- Hand-written (issue 14, search engine; docs/search.md). No drizzle schema change: the search document is a
-- generated column that no drizzle query selects, and the indexes are expression/opclass indexes.
-- pg_trgm: typo tolerance on names and the match of Chinese text (the full-text parser does not split Chinese).
-- PGlite loads it through `extensions: { pg_trgm }` (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE (element output functions), so a generated column cannot call it directly; for a
-- text[] it is in fact immutable, which this wrapper declares. 'simple' config: no stemming and no stop words, so
-- English and Chinese tokenise the same way (Chinese runs become whole tokens, matched by prefix or by trigram).
CREATE FUNCTION heatrank_search_document(
  p_name text, p_symbol text, p_tags text[], p_intro_en text, p_intro_zh text, p_description_en text, p_description_zh text
) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce(p_name, '') || ' ' || coalesce(p_symbol, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, replace(array_to_string(p_tags, ' '), '-', ' ')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce(p_intro_en, '') || ' ' || coalesce(p_intro_zh, '')), 'C')
      || setweight(to_tsvector('simple'::regconfig, coalesce(p_description_en, '') || ' ' || coalesce(p_description_zh, '')), 'D')
$$;
--> statement-breakpoint
-- Stored, so ts_rank reads it instead of re-parsing four texts per matching row.
ALTER TABLE "projects" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (heatrank_search_document("name", "symbol", "tags", "intro_en", "intro_zh", "description_en", "description_zh")) STORED;
--> statement-breakpoint
CREATE INDEX "projects_search_document_idx" ON "projects" USING gin ("search_document");
--> statement-breakpoint
-- Typo tolerance (similarity `%`) and substring/prefix ILIKE on the name and the symbol.
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "projects_symbol_trgm_idx" ON "projects" USING gin ("symbol" gin_trgm_ops);
--> statement-breakpoint
-- Chinese text: ILIKE '%以太坊%' over the zh intro and description through trigrams (one index on both fields).
CREATE INDEX "projects_zh_text_trgm_idx" ON "projects" USING gin ((coalesce("intro_zh", '') || ' ' || coalesce("description_zh", '')) gin_trgm_ops);
