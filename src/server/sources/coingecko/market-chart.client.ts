import { z } from 'zod';
import { type DailyPoint, toDailyLast } from '../daily.ts';
import { parseBody, requestJson } from '../http.ts';
import { type CoingeckoClientOptions, coingeckoHeaders } from './coingecko.client.ts';

const SOURCE = 'coingecko';
const Pair = z.tuple([z.number(), z.number().nullable()]);

/** GET /coins/{id}/market_chart (api-shapes): `[ms, value]` pairs; extra fields are accepted. */
const MarketChartSchema = z.looseObject({
  prices: z.array(Pair),
  market_caps: z.array(Pair),
  total_volumes: z.array(Pair),
});

export type MarketChart = { prices: DailyPoint[]; marketCaps: DailyPoint[]; volumes: DailyPoint[] };

/**
 * A coin's daily price, market cap and 24 h volume (USD) over the last `days` days (GET /coins/{id}/market_chart?
 * vs_currency=usd&days=N&interval=daily), each reduced to the last value of each UTC day. An unknown id is a
 * `not_found` SourceError; 429/5xx are retried by requestJson, other 4xx are not.
 */
export async function fetchMarketChart(
  options: CoingeckoClientOptions,
  id: string,
  days: number,
): Promise<MarketChart> {
  const query = new URLSearchParams({ vs_currency: 'usd', days: String(days), interval: 'daily' });
  const url = `${options.baseUrl}/coins/${encodeURIComponent(id)}/market_chart?${query}`;
  const response = await requestJson(SOURCE, url, options.policy, { headers: coingeckoHeaders(options) });
  const body = parseBody(SOURCE, MarketChartSchema, response.body);
  return {
    prices: toDailyLast(body.prices),
    marketCaps: toDailyLast(body.market_caps),
    volumes: toDailyLast(body.total_volumes),
  };
}
