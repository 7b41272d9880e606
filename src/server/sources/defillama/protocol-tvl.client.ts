import { z } from 'zod';
import { type DailyPoint, toDailyLast } from '../daily.ts';
import { parseBody, requestJson } from '../http.ts';
import type { DefillamaClientOptions } from './defillama.client.ts';

const SOURCE = 'defillama';

/** GET /protocol/{slug} (api-shapes): only `tvl` is read; `date` is unix seconds. Extra fields are accepted. */
const ProtocolSchema = z.looseObject({
  tvl: z.array(z.looseObject({ date: z.number(), totalLiquidityUSD: z.number().nullable() })).nullish(),
});

/**
 * A protocol's daily TVL (USD) since `sinceMs` (GET /protocol/{slug}), one point per UTC day (its last value). A
 * protocol without a TVL series answers no points; an unknown slug is a `not_found` SourceError.
 */
export async function fetchProtocolTvl(
  { baseUrl, policy }: DefillamaClientOptions,
  slug: string,
  sinceMs: number,
): Promise<DailyPoint[]> {
  const response = await requestJson(SOURCE, `${baseUrl}/protocol/${encodeURIComponent(slug)}`, policy);
  const tvl = parseBody(SOURCE, ProtocolSchema, response.body).tvl ?? [];
  return toDailyLast(
    tvl.filter((p) => p.date * 1000 >= sinceMs).map((p) => [p.date * 1000, p.totalLiquidityUSD] as const),
  );
}
