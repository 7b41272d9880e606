import { slugify } from '../../../shared/slugify.ts';
import { type DefillamaProtocol, defillamaOptions, fetchProtocols } from '../../sources/defillama/defillama.client.ts';

import { mapDefillamaCategory } from './category-map.ts';
import { insertDiscoveredProjects, type ProjectLink, updateLinkedProjects } from './discovery.queries.ts';
import { selectProjectIdentities, updateProjectMetrics, upsertSourceCategories } from './ingestion.queries.ts';
import { emptyResult, type IngestDeps, type IngestOptions, type SourceRunResult } from './ingestion.types.ts';
import { toWebsiteDomain, toXUsername } from './links.ts';

type Identity = { id: string; defillamaId: string | null; coingeckoId: string | null; websiteUrl: string | null };

/** Index of existing projects by each identity; gecko id and domain only for projects not yet linked to DefiLlama. */
function indexIdentities(rows: Identity[]) {
  const byDefillamaId = new Map<string, Identity>();
  const byId = new Map<string, Identity>();
  const byGecko = new Map<string, Identity[]>();
  const byDomain = new Map<string, Identity[]>();
  for (const row of rows) {
    byId.set(row.id, row);
    if (row.defillamaId) {
      byDefillamaId.set(row.defillamaId, row);
      continue;
    }
    if (row.coingeckoId) byGecko.set(row.coingeckoId, [...(byGecko.get(row.coingeckoId) ?? []), row]);
    const domain = toWebsiteDomain(row.websiteUrl);
    if (domain) byDomain.set(domain, [...(byDomain.get(domain) ?? []), row]);
  }
  return { byDefillamaId, byId, byGecko, byDomain };
}

/** A protocol that is an existing project again: a match to update, or a duplicate of one this run already took. */
type Match = { row: Identity; duplicate: boolean };

/**
 * Finds the existing project a protocol is, in order: same DefiLlama id; same slug and same website domain (the
 * project listed again under a new id, e.g. an upper-cased duplicate name; a second one in the same list is a
 * duplicate); same slug (when that project is not linked to another protocol); else the one unlinked project with the
 * same CoinGecko id, else with the same website domain. Gecko id and domain are shared by sibling protocols (Aave
 * V1–V3 are all aave.com), so they only ever link one still-unlinked project, and each project is claimed by at most
 * one protocol per run.
 */
function findMatch(
  protocol: DefillamaProtocol,
  slug: string,
  index: ReturnType<typeof indexIdentities>,
  claimed: Set<string>,
): Match | undefined {
  const free = (row: Identity | undefined) => (row && !claimed.has(row.id) ? { row, duplicate: false } : undefined);
  const direct = free(index.byDefillamaId.get(protocol.id));
  if (direct) return direct;
  const domain = toWebsiteDomain(protocol.url);
  const bySlug = index.byId.get(slug);
  if (bySlug && domain && toWebsiteDomain(bySlug.websiteUrl) === domain) {
    return { row: bySlug, duplicate: claimed.has(bySlug.id) };
  }
  if (bySlug && (bySlug.defillamaId === null || bySlug.defillamaId === protocol.id) && free(bySlug)) {
    return free(bySlug);
  }
  const unique = (rows: Identity[] | undefined) => {
    const open = (rows ?? []).filter((row) => !claimed.has(row.id));
    return open.length === 1 ? open[0] : undefined;
  };
  const gecko = protocol.gecko_id ? unique(index.byGecko.get(protocol.gecko_id)) : undefined;
  const row = gecko ?? (domain ? unique(index.byDomain.get(domain)) : undefined);
  return row ? { row, duplicate: false } : undefined;
}

const clean = (value: string | null | undefined) =>
  value && value.trim() !== '' && value !== '-' ? value.trim() : null;

/**
 * Discovery from DefiLlama `/protocols`: links protocols to existing projects (never duplicating), inserts the rest
 * as new projects (heat 50, status `new`, sector from the category table, source category kept as a tag), fills
 * missing facts of linked projects without overwriting curated ones, and writes TVL with its source. Dead or
 * rugged protocols are skipped. Throws SourceError when `/protocols` fails (the caller keeps the old values).
 */
export async function runDefillamaDiscovery(deps: IngestDeps, options: IngestOptions = {}): Promise<SourceRunResult> {
  const { db, config } = deps;
  const asOf = deps.now?.() ?? new Date();
  const result = emptyResult('defillama');
  const { protocols, invalid } = await fetchProtocols(defillamaOptions(config, deps.signal));
  const seen = new Set<string>();
  const live = protocols
    .filter((p) => !p.deadUrl && !p.rugged && !seen.has(p.id) && seen.add(p.id))
    .sort((a, b) => (b.tvl ?? -1) - (a.tvl ?? -1) || a.name.localeCompare(b.name));
  const selected = options.limit ? live.slice(0, options.limit) : live;

  const index = indexIdentities(await selectProjectIdentities(db));
  const claimed = new Set<string>();
  const takenIds = new Set(index.byId.keys());
  const inserts: Parameters<typeof insertDiscoveredProjects>[1] = [];
  const links: ProjectLink[] = [];
  const tvl: { id: string; values: { tvl: number | null } }[] = [];
  const categories = new Map<string, { sector: string; mapped: boolean; count: number }>();
  let duplicates = 0;

  for (const [position, protocol] of selected.entries()) {
    options.onProgress?.(position + 1, selected.length);
    const sourceCategory = clean(protocol.category);
    const mapping = mapDefillamaCategory(sourceCategory, config.INGEST_UNMAPPED_SECTOR);
    if (sourceCategory) {
      const entry = categories.get(sourceCategory) ?? { ...mapping, count: 0 };
      entry.count++;
      categories.set(sourceCategory, entry);
    }
    const slug = slugify(protocol.slug ?? protocol.name) || `defillama-${protocol.id}`;
    const facts = {
      defillamaId: protocol.id,
      symbol: clean(protocol.symbol),
      logoUrl: clean(protocol.logo),
      websiteUrl: clean(protocol.url),
      twitterHandle: toXUsername(protocol.twitter),
      coingeckoId: clean(protocol.gecko_id),
      githubOrgs: (protocol.github ?? []).filter((org) => org.trim() !== ''),
      chains: protocol.chains ?? [],
      listedAt: protocol.listedAt ? new Date(protocol.listedAt * 1000) : null,
      tag: sourceCategory,
    };
    const match = findMatch(protocol, slug, index, claimed);
    if (match?.duplicate) {
      duplicates++;
      continue;
    }
    let id: string;
    if (match) {
      id = match.row.id;
      links.push({ id, ...facts, listedAt: facts.listedAt?.toISOString() ?? null });
    } else {
      id = takenIds.has(slug) ? `${slug}-${protocol.id}` : slug;
      inserts.push({
        id,
        name: protocol.name,
        descriptionEn: clean(protocol.description),
        category: mapping.sector,
        categories: [mapping.sector],
        tags: sourceCategory ? [sourceCategory] : [],
        ...facts,
        // Its project_scores row starts at the neutral 50 with status 'new' (migration 0008's insert trigger).
      });
      index.byId.set(id, {
        id,
        defillamaId: protocol.id,
        coingeckoId: facts.coingeckoId,
        websiteUrl: facts.websiteUrl,
      });
    }
    claimed.add(id);
    takenIds.add(id);
    tvl.push({ id, values: { tvl: protocol.tvl ?? null } });
  }

  const inserted = await insertDiscoveredProjects(db, inserts);
  const linked = await updateLinkedProjects(db, links);
  const tvlUpdated = await updateProjectMetrics(db, 'defillama', asOf, tvl);
  await upsertSourceCategories(
    db,
    [...categories].map(([category, c]) => ({
      source: 'defillama',
      category,
      sector: c.sector,
      mapped: c.mapped,
      projectCount: c.count,
      seenAt: asOf,
    })),
  );
  const unmapped = [...categories.values()].filter((c) => !c.mapped);
  result.counts = {
    protocols: protocols.length,
    skippedDead: protocols.length - live.length,
    invalid,
    duplicates,
    inserted,
    linked,
    tvlUpdated,
    unmappedCategories: unmapped.length,
    unmappedProjects: unmapped.reduce((sum, c) => sum + c.count, 0),
  };
  result.tally = { requested: 1, succeeded: 1, failed: 0, skipped: 0 }; // its one list (a failure throws)
  if (invalid > 0) result.errors.push(`defillama: ${invalid} protocol(s) with an unexpected shape were skipped`);
  result.updatedIds = tvl.map((row) => row.id);
  return result;
}
