import { SECTORS, type SectorName } from '../../../shared/sectors.ts';

export { SECTORS, type SectorName };

/**
 * DefiLlama category → our sector. DefiLlama's categories are finer than our sectors; the source category is kept
 * as a project tag, and this table picks the sector. Keys are compared case-insensitively. A category missing here
 * goes to the sector named by INGEST_UNMAPPED_SECTOR and is counted as unmapped (docs/ingestion.md).
 *
 * Judgement calls, written down: CEX and Launchpad rank with DeFi (we have no exchange or launchpad sector, and
 * both are trading venues); Privacy goes to ZK (privacy protocols are built on zero-knowledge proofs); Oracle,
 * Services, Bridge and Cross Chain are Infrastructure; Chain is Layer1 and Rollup is Layer2.
 */
export const DEFILLAMA_CATEGORY_SECTORS: Readonly<Record<string, SectorName>> = {
  // Trading, lending, yield and stable assets
  Dexes: 'DeFi',
  Dexs: 'DeFi', // DefiLlama's current spelling
  'DEX Aggregator': 'DeFi',
  Yield: 'DeFi',
  'Yield Aggregator': 'DeFi',
  Lending: 'DeFi',
  'Uncollateralized Lending': 'DeFi',
  'RWA Lending': 'DeFi',
  Derivatives: 'DeFi',
  Perps: 'DeFi',
  Options: 'DeFi',
  'Options Vault': 'DeFi',
  Synthetics: 'DeFi',
  'Liquid Staking': 'DeFi',
  'Liquid Restaking': 'DeFi',
  Restaking: 'DeFi',
  'Staking Pool': 'DeFi',
  CDP: 'DeFi',
  'Algo-Stables': 'DeFi',
  'Decentralized Stablecoin': 'DeFi',
  'Reserve Currency': 'DeFi',
  Farm: 'DeFi',
  'Leveraged Farming': 'DeFi',
  Indexes: 'DeFi',
  'Liquidity manager': 'DeFi',
  Insurance: 'DeFi',
  RWA: 'DeFi',
  Payments: 'DeFi',
  'Prediction Market': 'DeFi',
  'Onchain Capital Allocator': 'DeFi',
  'Risk Curators': 'DeFi',
  'Basis Trading': 'DeFi',
  CEX: 'DeFi',
  Launchpad: 'DeFi',
  'Trading App': 'DeFi',
  // Plumbing
  Bridge: 'Infrastructure',
  'Canonical Bridge': 'Infrastructure',
  'Bridge Aggregator': 'Infrastructure',
  'Cross Chain': 'Infrastructure',
  Oracle: 'Infrastructure',
  Services: 'Infrastructure',
  Infrastructure: 'Infrastructure',
  Wallets: 'Infrastructure',
  'Developer Tools': 'Infrastructure',
  'Telegram Bot': 'Infrastructure',
  // Other sectors
  Chain: 'Layer1',
  Rollup: 'Layer2',
  Privacy: 'ZK',
  'ZK Rollup': 'ZK',
  Gaming: 'GameFi',
  'NFT Marketplace': 'NFT',
  'NFT Lending': 'NFT',
  NFTFi: 'NFT',
  SoFi: 'SocialFi',
  SocialFi: 'SocialFi',
  Memes: 'Memecoin',
  Memecoin: 'Memecoin',
  'AI Agents': 'AI',
  AI: 'AI',
  DePIN: 'DePIN',
};

const BY_LOWER = new Map(Object.entries(DEFILLAMA_CATEGORY_SECTORS).map(([k, v]) => [k.toLowerCase(), v]));

export type SectorMapping = { sector: string; mapped: boolean };

/** Maps a DefiLlama category to our sector; unknown or empty categories get `fallback` with `mapped: false`. */
export function mapDefillamaCategory(category: string | null | undefined, fallback: string): SectorMapping {
  const sector = category ? BY_LOWER.get(category.trim().toLowerCase()) : undefined;
  return sector ? { sector, mapped: true } : { sector: fallback, mapped: false };
}
