import { slugify } from '../../../shared/slugify.ts';

/**
 * DefiLlama chain names whose slug differs from the name our catalogue gives the same chain (projects' `chains`
 * hold both: discovery copies DefiLlama's names, the catalogue uses the common ones). Keyed by the slug of
 * DefiLlama's name; the value is the slug of ours.
 */
const PLATFORM_ALIASES: Readonly<Record<string, readonly string[]>> = {
  bsc: ['bnb-chain'],
  'op-mainnet': ['optimism'],
  cosmoshub: ['cosmos'],
  xrpl: ['xrp-ledger'],
  icp: ['internet-computer'],
  manta: ['manta-pacific'],
  'hyperliquid-l1': ['hyperliquid'],
  xdai: ['gnosis'],
};

/**
 * The platform ids a DefiLlama chain's TVL belongs to: the slug of its name (what GET /api/platforms calls a chain
 * named like DefiLlama names it, e.g. 'ethereum', 'bsc') and any alias ('bnb-chain'). Case and spacing never matter
 * ("ZKsync Era" and "zkSync Era" are both 'zksync-era').
 */
export function platformKeysOfChain(chainName: string): string[] {
  const key = slugify(chainName);
  if (!key) return [];
  return [key, ...(PLATFORM_ALIASES[key] ?? [])];
}
