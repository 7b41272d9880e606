import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';

const BATCH = 500;

/** Inserts discovered projects in multi-row batches; an id that appeared meanwhile is left alone. Returns the count. */
export async function insertDiscoveredProjects(db: Db, rows: (typeof projects.$inferInsert & { tag?: unknown })[]) {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = rows.slice(i, i + BATCH).map(({ tag: _tag, ...row }) => row);
    const result = await db.insert(projects).values(values).onConflictDoNothing().returning({ id: projects.id });
    inserted += result.length;
  }
  return inserted;
}

/** Facts from the source for a project that already exists. */
export type ProjectLink = {
  id: string;
  defillamaId: string;
  symbol: string | null;
  logoUrl: string | null;
  websiteUrl: string | null;
  twitterHandle: string | null;
  coingeckoId: string | null;
  githubOrgs: string[];
  chains: string[];
  listedAt: string | null;
  tag: string | null;
};

/**
 * Links existing projects to their DefiLlama protocol and fills only what is missing (curated names, categories and
 * links are never overwritten); the source category is added to `tags` once. One UPDATE per batch.
 */
export async function updateLinkedProjects(db: Db, rows: ProjectLink[]): Promise<number> {
  let updated = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = JSON.stringify(rows.slice(i, i + BATCH));
    const result = await queryRows<{ id: string }>(
      db,
      sql`UPDATE projects AS p SET
            defillama_id = v."defillamaId",
            symbol = COALESCE(p.symbol, v.symbol),
            logo_url = COALESCE(p.logo_url, v."logoUrl"),
            website_url = COALESCE(p.website_url, v."websiteUrl"),
            twitter_handle = COALESCE(p.twitter_handle, v."twitterHandle"),
            coingecko_id = COALESCE(p.coingecko_id, v."coingeckoId"),
            github_orgs = CASE WHEN cardinality(p.github_orgs) = 0
              THEN ARRAY(SELECT jsonb_array_elements_text(v."githubOrgs")) ELSE p.github_orgs END,
            chains = CASE WHEN cardinality(p.chains) = 0
              THEN ARRAY(SELECT jsonb_array_elements_text(v.chains)) ELSE p.chains END,
            listed_at = COALESCE(p.listed_at, v."listedAt"),
            tags = CASE WHEN v.tag IS NULL OR v.tag = ANY(p.tags) THEN p.tags ELSE p.tags || v.tag END,
            updated_at = now()
          FROM jsonb_to_recordset(${batch}::jsonb) AS v(
            id text, "defillamaId" text, symbol text, "logoUrl" text, "websiteUrl" text, "twitterHandle" text,
            "coingeckoId" text, "githubOrgs" jsonb, chains jsonb, "listedAt" timestamptz, tag text)
          WHERE p.id = v.id
          RETURNING p.id`,
    );
    updated += result.length;
  }
  return updated;
}
