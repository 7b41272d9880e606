import { z } from 'zod';
import { parseBody, requestJson } from '../http.ts';
import type { DefillamaClientOptions } from './defillama.client.ts';

const SOURCE = 'defillama';
/** Outside text as it should read: runs of whitespace (tabs, newlines, NBSP) one space, no edge spaces (`"Strategic "`). */
export const normaliseText = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A text field or null: normalised, and null when nothing is left. */
const optionalString = z
  .string()
  .nullish()
  .catch(null)
  .transform((text) => (text == null ? null : normaliseText(text) || null));
const optionalNumber = z.number().finite().nullish().catch(null);
const names = z
  .array(z.string())
  .nullish()
  .catch(null)
  .transform((list) => (list ?? []).map(normaliseText).filter((name) => name !== ''));

/**
 * One `/raises` element (docs/ingestion.md "Raises"): `date` in unix seconds, `amount` and `valuation` in millions of
 * USD (null when undisclosed). Extra fields are ignored; every optional field tolerates null or an odd type.
 */
export const DefillamaRaiseSchema = z.object({
  date: z.number().int().positive(),
  name: z.string().transform(normaliseText).pipe(z.string().min(1)),
  round: optionalString,
  amount: optionalNumber,
  valuation: z
    .union([z.number(), z.string()])
    .nullish()
    .catch(null)
    .transform((value) => (value === null || value === undefined || value === '' ? null : Number(value)))
    .transform((value) => (value !== null && Number.isFinite(value) ? value : null)),
  chains: names,
  sector: optionalString,
  category: optionalString,
  leadInvestors: names,
  otherInvestors: names,
  source: optionalString,
  defillamaId: z
    .union([z.string(), z.number()])
    .nullish()
    .catch(null)
    .transform((id) => (id == null ? null : String(id))),
});
export type DefillamaRaise = z.infer<typeof DefillamaRaiseSchema>;

export type RaiseList = { raises: DefillamaRaise[]; invalid: number };

/**
 * GET /raises: every funding round DefiLlama lists (keyless). The body must be `{ raises: [...] }` (else
 * `malformed`); an element that fails validation is skipped and counted, so one odd row never hides the rest.
 * Throws SourceError (429/5xx/timeouts retried with back-off by requestJson; other 4xx not).
 */
export async function fetchRaises({ baseUrl, policy }: DefillamaClientOptions): Promise<RaiseList> {
  const response = await requestJson(SOURCE, `${baseUrl}/raises`, policy);
  const body = parseBody(SOURCE, z.object({ raises: z.array(z.unknown()) }), response.body);
  const raises: DefillamaRaise[] = [];
  let invalid = 0;
  for (const row of body.raises) {
    const parsed = DefillamaRaiseSchema.safeParse(row);
    if (parsed.success) raises.push(parsed.data);
    else invalid++;
  }
  return { raises, invalid };
}
