import { z } from 'zod';
import type { Config } from '../../config.ts';
import { type HttpPolicy, parseBody, requestJson, toHttpPolicy } from '../http.ts';

/** Every DefiLlama call's address and policy (protocols, chain TVL, protocol TVL, raises). */
export type DefillamaClientOptions = { baseUrl: string; policy: HttpPolicy };

/** Every DefiLlama call's options, from the config; `signal` is the run's stop signal. */
export function defillamaOptions(config: Config, signal?: AbortSignal): DefillamaClientOptions {
  return { baseUrl: config.DEFILLAMA_BASE_URL, policy: toHttpPolicy(config, signal) };
}

const SOURCE = 'defillama';
const optionalString = z.string().nullish().catch(null);
const optionalNumber = z.number().nullish().catch(null);

/** One `/protocols` element (api-shapes §2a); only the fields we use, each tolerant of null. */
export const DefillamaProtocolSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string().min(1),
  symbol: optionalString,
  slug: optionalString,
  url: optionalString,
  description: optionalString,
  logo: optionalString,
  gecko_id: optionalString,
  category: optionalString,
  chains: z.array(z.string()).nullish().catch(null),
  twitter: optionalString,
  github: z.array(z.string()).nullish().catch(null),
  listedAt: optionalNumber,
  tvl: optionalNumber,
  deadUrl: z.boolean().nullish().catch(null),
  rugged: z.boolean().nullish().catch(null),
});
export type DefillamaProtocol = z.infer<typeof DefillamaProtocolSchema>;

export type ProtocolList = { protocols: DefillamaProtocol[]; invalid: number };

/**
 * GET /protocols: every protocol DefilLlama lists. The body must be an array (else `malformed`); an element that
 * fails validation is skipped and counted in `invalid`, so one odd row never hides the other 3,000.
 */
export async function fetchProtocols({ baseUrl, policy }: DefillamaClientOptions): Promise<ProtocolList> {
  const response = await requestJson(SOURCE, `${baseUrl}/protocols`, policy);
  const rows = parseBody(SOURCE, z.array(z.unknown()), response.body);
  const protocols: DefillamaProtocol[] = [];
  let invalid = 0;
  for (const row of rows) {
    const parsed = DefillamaProtocolSchema.safeParse(row);
    if (parsed.success) protocols.push(parsed.data);
    else invalid++;
  }
  return { protocols, invalid };
}
