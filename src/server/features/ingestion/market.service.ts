import {
  coingeckoOptions,
  fetchCoinLinks,
  fetchMarketsPage,
  fetchTrending,
  MARKETS_PAGE_SIZE,
} from '../../sources/coingecko/coingecko.client.ts';
import { SourceError } from '../../sources/http.ts';
import {
  fillSocialLinks,
  markMetricsStale,
  replaceSignal,
  selectCoingeckoTargets,
  selectLinkLookupTargets,
  selectProjectIdsByCoingeckoIds,
  updateProjectMetrics,
} from './ingestion.queries.ts';
import {
  emptyResult,
  errorMessage,
  type IngestDeps,
  type IngestOptions,
  type SourceRunResult,
} from './ingestion.types.ts';
import { fillMissingLogoUrls } from './logos.queries.ts';
import { type MetricUpdate, SOURCE_FIELDS } from './metric-fields.ts';
import { type MarketDay, recordMarketDay } from './momentum.service.ts';

/** `/coins/{id}` lookups per run for missing Telegram/Discord links (keyless CoinGecko allows ~30 calls a minute). */
export const LINK_LOOKUPS_PER_RUN = 10;

const toMarketDay = (u: MetricUpdate): MarketDay => ({
  projectId: u.id,
  price: u.values.price ?? null,
  marketCap: u.values.marketCap ?? null,
  volume24h: u.values.volume24h ?? null,
});

/**
 * Market data from CoinGecko: `/coins/markets` in pages of ≤ 250 ids (price, market cap, volume, 24 h and 7 d
 * change) for every project with a CoinGecko id, then `/search/trending` as the `trendingRank` signal. A failed page
 * marks its projects' market fields stale and the run goes on with the next page; a null number keeps the old value.
 */
export async function runCoingeckoMarkets(deps: IngestDeps, options: IngestOptions = {}): Promise<SourceRunResult> {
  const { db, config } = deps;
  const asOf = deps.now?.() ?? new Date();
  const result = emptyResult('coingecko');
  const client = coingeckoOptions(config, deps.signal);
  const targets = await selectCoingeckoTargets(db, options.limit);
  const projectsByCoin = new Map<string, string[]>(); // sibling protocols may share one token
  for (const target of targets) {
    if (!target.coingeckoId) continue;
    projectsByCoin.set(target.coingeckoId, [...(projectsByCoin.get(target.coingeckoId) ?? []), target.id]);
  }
  const coinIds = [...projectsByCoin.keys()];
  const pageSize = Math.min(options.pageSize ?? MARKETS_PAGE_SIZE, MARKETS_PAGE_SIZE);
  let pagesFailed = 0;
  let notFound = 0;
  const pages = Math.ceil(coinIds.length / pageSize);
  for (let page = 0; page < pages; page++) {
    const ids = coinIds.slice(page * pageSize, (page + 1) * pageSize);
    const projectIds = ids.flatMap((id) => projectsByCoin.get(id) ?? []);
    try {
      const items = await fetchMarketsPage(client, ids);
      const returned = new Set(items.map((item) => item.id));
      notFound += ids.filter((id) => !returned.has(id)).length;
      const updates: MetricUpdate[] = items.flatMap((item) =>
        (projectsByCoin.get(item.id) ?? []).map((id) => ({
          id,
          values: {
            price: item.current_price,
            marketCap: item.market_cap,
            volume24h: item.total_volume,
            priceChange24h: item.price_change_percentage_24h,
            priceChange7d: item.price_change_percentage_7d_in_currency,
          },
        })),
      );
      await updateProjectMetrics(db, 'coingecko', asOf, updates);
      // The coin's `image` becomes the logo's source address where none is known (the logos run downloads it).
      const images = items.flatMap((item) =>
        item.image && /^https?:\/\//i.test(item.image)
          ? (projectsByCoin.get(item.id) ?? []).map((id) => ({ id, url: item.image as string }))
          : [],
      );
      await fillMissingLogoUrls(db, images);
      await recordMarketDay(db, asOf, updates.map(toMarketDay)); // momentum from stored daily prices
      result.updatedIds.push(...updates.map((u) => u.id));
    } catch (error) {
      deps.signal?.throwIfAborted(); // stopping: not this page's failure
      pagesFailed++;
      result.errors.push(`page ${page + 1}: ${errorMessage(error)}`);
      await markMetricsStale(db, 'coingecko', SOURCE_FIELDS.coingecko, projectIds);
    }
    options.onProgress?.(page + 1, pages + 1);
  }

  let trending = 0;
  let trendingFailed = false;
  try {
    const coins = await fetchTrending(client);
    const rows = await selectProjectIdsByCoingeckoIds(
      db,
      coins.map((c) => c.id),
    );
    const rank = new Map(coins.map((c) => [c.id, c.rank]));
    const values = rows.map((row) => ({ projectId: row.id, value: rank.get(row.coingeckoId ?? '') ?? 0 }));
    await replaceSignal(db, 'trendingRank', 'coingecko', asOf, values);
    trending = values.length;
  } catch (error) {
    deps.signal?.throwIfAborted();
    trendingFailed = true;
    result.errors.push(`trending: ${errorMessage(error)}`);
  }
  options.onProgress?.(pages + 1, pages + 1);

  // Telegram and Discord links come from the coin page (DefiLlama has none); a few lookups per run, each project once.
  let linksFound = 0;
  let linksFailed = 0;
  let linksNotFound = 0;
  const linkTargets = await selectLinkLookupTargets(db, LINK_LOOKUPS_PER_RUN);
  for (const target of linkTargets) {
    try {
      const links = await fetchCoinLinks(client, target.coingeckoId ?? '');
      await fillSocialLinks(db, target.id, links, asOf);
      if (links.telegram || links.discord) linksFound++;
    } catch (error) {
      deps.signal?.throwIfAborted();
      if (error instanceof SourceError && error.kind === 'not_found') {
        // CoinGecko has no page for this id: an answer, not a failure (like a market id it does not return).
        linksNotFound++;
        continue;
      }
      linksFailed++;
      result.errors.push(`links ${target.id}: ${errorMessage(error)}`);
    }
  }

  result.counts = {
    coins: coinIds.length,
    pages,
    pagesFailed,
    updated: result.updatedIds.length,
    notFound,
    trending,
    linksFound,
    linksNotFound,
  };
  // The tally counts calls: market pages, the trending list, link lookups.
  const requested = pages + 1 + linkTargets.length;
  const failed = pagesFailed + Number(trendingFailed) + linksFailed;
  result.tally = { requested, succeeded: requested - failed, failed, skipped: 0 };
  // Failed = no market data came in (every market page and the trending list failed); else some failures = partial.
  result.failed = pagesFailed === pages && trendingFailed;
  return result;
}
