import { defillamaOptions } from '../../sources/defillama/defillama.client.ts';
import { type DefillamaRaise, fetchRaises } from '../../sources/defillama/raises.client.ts';
import { emptyResult, type IngestDeps, type SourceRunResult } from './ingestion.types.ts';
import { type RaiseRow, selectRaiseIdentities, upsertRaises } from './raises.queries.ts';

/** A name reduced to its letters and digits ("Uniswap Labs" and "uniswap-labs" agree; "Ünï" → "uni"). */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

type Identity = { id: string; name: string; defillamaId: string | null };

/** Matches rounds to projects: the DefiLlama id first, else a normalised name (or id) that only one project has. */
export function buildRaiseMatcher(rows: Identity[]) {
  const byDefillama = new Map<string, string>();
  const byName = new Map<string, Set<string>>();
  const addName = (key: string, id: string) => {
    if (key === '') return;
    byName.set(key, (byName.get(key) ?? new Set()).add(id));
  };
  for (const row of rows) {
    if (row.defillamaId) byDefillama.set(row.defillamaId, row.id);
    addName(normaliseName(row.name), row.id);
    addName(normaliseName(row.id), row.id);
  }
  return (raise: DefillamaRaise): string | undefined => {
    const direct = raise.defillamaId ? byDefillama.get(raise.defillamaId) : undefined;
    if (direct) return direct;
    const candidates = byName.get(normaliseName(raise.name));
    return candidates?.size === 1 ? [...candidates][0] : undefined;
  };
}

const MILLION = 1_000_000;
const https = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

/** The round's identity in the source: its date, normalised name and round. */
export function toRaiseKey(raise: DefillamaRaise): string {
  return `${raise.date}:${normaliseName(raise.name)}:${normaliseName(raise.round ?? '')}`;
}

/**
 * Funding rounds from DefiLlama `/raises`, matched to projects and stored idempotently in `project_raises` (a round
 * seen again is updated in place; one no project matches is counted, not stored). Throws SourceError when `/raises`
 * fails; the stored rounds stay as they are.
 */
export async function runDefillamaRaises(deps: IngestDeps): Promise<SourceRunResult> {
  const asOf = deps.now?.() ?? new Date();
  const result = emptyResult('raises');
  const { raises, invalid } = await fetchRaises(defillamaOptions(deps.config, deps.signal));
  const match = buildRaiseMatcher(await selectRaiseIdentities(deps.db));
  const rows = new Map<string, RaiseRow>();
  let unmatched = 0;
  for (const raise of raises) {
    const projectId = match(raise);
    if (!projectId) {
      unmatched++;
      continue;
    }
    const key = toRaiseKey(raise);
    rows.set(key, {
      raiseKey: key,
      projectId,
      name: raise.name,
      raisedAt: new Date(raise.date * 1000),
      round: raise.round ?? null,
      amountUsd: raise.amount === null || raise.amount === undefined ? null : raise.amount * MILLION,
      valuationUsd: raise.valuation === null ? null : raise.valuation * MILLION,
      leadInvestors: raise.leadInvestors,
      otherInvestors: raise.otherInvestors,
      sourceUrl: https(raise.source),
      defillamaId: raise.defillamaId,
      fetchedAt: asOf,
    });
  }
  const stored = await upsertRaises(deps.db, [...rows.values()]);
  result.counts = { raises: raises.length, invalid, matched: rows.size, unmatched, stored };
  result.tally = { requested: 1, succeeded: 1, failed: 0, skipped: 0 };
  if (invalid > 0) result.errors.push(`raises: ${invalid} round(s) with an unexpected shape were skipped`);
  result.updatedIds = [...new Set([...rows.values()].map((row) => row.projectId))];
  return result;
}
