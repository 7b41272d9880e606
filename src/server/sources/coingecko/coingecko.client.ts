import { z } from 'zod';
import type { Config } from '../../config.ts';
import { type HttpPolicy, parseBody, requestJson, toHttpPolicy } from '../http.ts';

const SOURCE = 'coingecko';
const num = z.number().nullish().catch(null);

/** One `/coins/markets` item (api-shapes §1a); every number may be null. */
export const MarketItemSchema = z.object({
  id: z.string().min(1),
  symbol: z.string().nullish(),
  /** The coin's logo address (downloaded and served by us, never hot-linked). */
  image: z.string().nullish().catch(null),
  current_price: num,
  market_cap: num,
  total_volume: num,
  price_change_percentage_24h: num,
  price_change_percentage_7d_in_currency: num,
  last_updated: z.string().nullish(),
});
export type MarketItem = z.infer<typeof MarketItemSchema>;

const TrendingSchema = z.object({
  coins: z.array(z.object({ item: z.object({ id: z.string(), score: z.number().nullish() }) })),
});

export type CoingeckoClientOptions = { baseUrl: string; apiKey?: string; keyType: 'demo' | 'pro'; policy: HttpPolicy };

/** Every CoinGecko call's options, from the config; `signal` is the run's stop signal. */
export function coingeckoOptions(config: Config, signal?: AbortSignal): CoingeckoClientOptions {
  return {
    baseUrl: config.COINGECKO_BASE_URL,
    apiKey: config.COINGECKO_API_KEY,
    keyType: config.COINGECKO_KEY_TYPE,
    policy: toHttpPolicy(config, signal),
  };
}

export function coingeckoHeaders(options: CoingeckoClientOptions): Record<string, string> {
  if (!options.apiKey) return {};
  return options.keyType === 'pro' ? { 'x-cg-pro-api-key': options.apiKey } : { 'x-cg-demo-api-key': options.apiKey };
}

/** Max ids per `/coins/markets` request (the API's per_page ceiling). */
export const MARKETS_PAGE_SIZE = 250;

/** GET /coins/markets for one page of ids (≤ 250), with 24 h and 7 d price change. Throws SourceError. */
export async function fetchMarketsPage(options: CoingeckoClientOptions, ids: readonly string[]): Promise<MarketItem[]> {
  const query = new URLSearchParams({
    vs_currency: 'usd',
    ids: ids.join(','),
    per_page: String(Math.min(MARKETS_PAGE_SIZE, Math.max(1, ids.length))),
    page: '1',
    price_change_percentage: '24h,7d',
  });
  const response = await requestJson(SOURCE, `${options.baseUrl}/coins/markets?${query}`, options.policy, {
    headers: coingeckoHeaders(options),
  });
  return parseBody(SOURCE, z.array(MarketItemSchema), response.body);
}

/** GET /search/trending → coin ids in trending order with their 0-based rank. Throws SourceError. */
export async function fetchTrending(options: CoingeckoClientOptions): Promise<{ id: string; rank: number }[]> {
  const response = await requestJson(SOURCE, `${options.baseUrl}/search/trending`, options.policy, {
    headers: coingeckoHeaders(options),
  });
  const body = parseBody(SOURCE, TrendingSchema, response.body);
  return body.coins.map((coin, index) => ({ id: coin.item.id, rank: coin.item.score ?? index }));
}

const CoinLinksSchema = z.object({
  id: z.string(),
  links: z
    .object({
      homepage: z.array(z.string()).nullish(),
      chat_url: z.array(z.string()).nullish(),
      telegram_channel_identifier: z.string().nullish(),
      twitter_screen_name: z.string().nullish(),
      repos_url: z.object({ github: z.array(z.string()).nullish() }).nullish(),
    })
    .nullish(),
});

export type CoinLinks = { telegram: string | null; discord: string | null };

/**
 * GET /coins/{id} (api-shapes §1b) without tickers or market data → the coin's Telegram channel and Discord invite,
 * which DefiLlama does not list. An unknown id (404) is a `not_found` SourceError.
 */
export async function fetchCoinLinks(options: CoingeckoClientOptions, id: string): Promise<CoinLinks> {
  const query = new URLSearchParams({
    localization: 'false',
    tickers: 'false',
    market_data: 'false',
    community_data: 'false',
    developer_data: 'false',
    sparkline: 'false',
  });
  const response = await requestJson(
    SOURCE,
    `${options.baseUrl}/coins/${encodeURIComponent(id)}?${query}`,
    options.policy,
    {
      headers: coingeckoHeaders(options),
    },
  );
  const links = parseBody(SOURCE, CoinLinksSchema, response.body).links;
  const telegram = links?.telegram_channel_identifier?.trim();
  const discord = (links?.chat_url ?? []).find((url) => /discord\.(gg|com)\//i.test(url));
  return { telegram: telegram ? `https://t.me/${telegram}` : null, discord: discord ?? null };
}
