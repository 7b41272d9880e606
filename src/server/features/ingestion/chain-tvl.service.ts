import { fetchChainTvl } from '../../sources/defillama/chain-tvl.client.ts';
import { defillamaOptions } from '../../sources/defillama/defillama.client.ts';
import { markPlatformTvlStale, type PlatformTvlRow, upsertPlatformTvl } from './chain-tvl.queries.ts';
import { platformKeysOfChain } from './chain-tvl-keys.ts';
import { emptyResult, type IngestDeps, type SourceRunResult } from './ingestion.types.ts';

/**
 * Chain TVL from DefiLlama `/v2/chains` into platform_tvl (source `chains`, sync_runs `ingest:chains`), keyed by
 * platform id (chain-tvl-keys.ts). Every chain is kept: one no project runs on yet is simply never shown. When the call
 * fails nothing is written: the stored figures stay with their as-of, marked stale, and the SourceError is rethrown
 * so the run is recorded as failed.
 */
export async function runDefillamaChainTvl(deps: IngestDeps): Promise<SourceRunResult> {
  const { db, config } = deps;
  const asOf = deps.now?.() ?? new Date();
  const result = emptyResult('chains');
  let fetched: Awaited<ReturnType<typeof fetchChainTvl>>;
  try {
    fetched = await fetchChainTvl(defillamaOptions(config, deps.signal));
  } catch (error) {
    deps.signal?.throwIfAborted(); // stopping: the stored figures are not stale
    if ((await markPlatformTvlStale(db)) > 0) await deps.events?.publish({ type: 'sectors.updated' });
    throw error;
  }
  const byKey = new Map<string, PlatformTvlRow>();
  // Largest first, so when two source names fold onto one key the bigger (main) chain's figure wins.
  for (const chain of [...fetched.chains].sort((a, b) => b.tvl - a.tvl)) {
    for (const key of platformKeysOfChain(chain.name)) {
      if (!byKey.has(key)) {
        byKey.set(key, { platformKey: key, sourceName: chain.name, tvlUsd: chain.tvl, source: 'defillama', asOf });
      }
    }
  }
  const stored = await upsertPlatformTvl(db, [...byKey.values()]);
  // The platform lists are cached until a data-change event (any kind but sync/user): this figure is such a change.
  if (stored > 0) await deps.events?.publish({ type: 'sectors.updated' });
  result.counts = { chains: fetched.chains.length, stored, invalid: fetched.invalid };
  result.tally = { requested: 1, succeeded: 1, failed: 0, skipped: 0 }; // its one list (a failure throws)
  if (fetched.invalid > 0)
    result.errors.push(`defillama: ${fetched.invalid} chain(s) with an unexpected shape were skipped`);
  return result;
}
