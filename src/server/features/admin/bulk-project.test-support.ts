import type { ExportProject } from '../catalogue/catalogue.service.ts';

/** The i-th project of a generated import file (`bulk-0001`, …): every field of the export shape, ready to import. */
export const bulkProject = (i: number): ExportProject => ({
  id: `bulk-${String(i).padStart(4, '0')}`,
  name: `Bulk ${i}`,
  symbol: null,
  category: 'DeFi',
  chains: ['Ethereum'],
  website: `https://bulk-${i}.example`,
  twitter: null,
  telegram: null,
  discord: null,
  github: [],
  coingeckoId: null,
  listedAt: null,
  sourcePlatform: null,
  tags: [],
  introEn: 'Bulk',
  introZh: '批量',
  descriptionEn: null,
  descriptionZh: null,
  sample: null,
});
