/** Our 11 sectors: the spec's ten plus Layer1. A project's `category` is one of these names (spec §3). */
export const SECTORS = [
  'AI',
  'DePIN',
  'SocialFi',
  'DeFi',
  'ZK',
  'Layer2',
  'NFT',
  'GameFi',
  'Memecoin',
  'Infrastructure',
  'Layer1',
] as const;
export type SectorName = (typeof SECTORS)[number];
