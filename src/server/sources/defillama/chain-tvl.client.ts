import { z } from 'zod';
import { parseBody, requestJson } from '../http.ts';
import type { DefillamaClientOptions } from './defillama.client.ts';

const SOURCE = 'defillama';

/** One `/v2/chains` element; only the fields we use. A chain without a finite, non-negative TVL is not a figure. */
export const DefillamaChainSchema = z.object({
  name: z.string().trim().min(1),
  tvl: z.number().finite().nonnegative(),
  gecko_id: z.string().nullish().catch(null),
  chainId: z.number().nullish().catch(null),
});
export type DefillamaChain = z.infer<typeof DefillamaChainSchema>;

export type ChainTvlList = { chains: DefillamaChain[]; invalid: number };

/**
 * GET /v2/chains: every chain DefiLlama tracks with its current TVL in USD. The body must be an array (else
 * `malformed`); an element that fails validation is skipped and counted in `invalid`.
 */
export async function fetchChainTvl({ baseUrl, policy }: DefillamaClientOptions): Promise<ChainTvlList> {
  const response = await requestJson(SOURCE, `${baseUrl}/v2/chains`, policy);
  const rows = parseBody(SOURCE, z.array(z.unknown()), response.body);
  const chains: DefillamaChain[] = [];
  let invalid = 0;
  for (const row of rows) {
    const parsed = DefillamaChainSchema.safeParse(row);
    if (parsed.success) chains.push(parsed.data);
    else invalid++;
  }
  return { chains, invalid };
}
