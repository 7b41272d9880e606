// The public API's contract (/api/v1, docs/api.md): the same schemas as the web app's reads, with examples for the
// OpenAPI document. The examples are shapes, parsed by a test against their schema, not data.
import { ErrorBodySchema } from './common.schema.ts';
import { PlatformListResponseSchema } from './platforms.schema.ts';
import { ProjectDirectoryResponseSchema, type ProjectListItem } from './projects.schema.ts';
import { SectorListResponseSchema } from './sectors.schema.ts';

/** The OpenAPI security scheme's name (components.securitySchemes). */
export const V1_SECURITY_SCHEME = 'apiKey';
export const V1_SECURITY = [{ [V1_SECURITY_SCHEME]: [] }];

const EXAMPLE_ITEM: ProjectListItem = {
  id: 'uniswap',
  name: 'Uniswap',
  symbol: 'UNI',
  logoUrl: '/api/logos/uniswap',
  intro: { en: 'Decentralised exchange protocol', zh: '去中心化交易协议' },
  category: 'DeFi',
  chains: ['Ethereum', 'Arbitrum'],
  status: 'trending',
  verified: true,
  verification: { method: 'site-review', by: 'operator', at: '2026-11-01T00:00:00.000Z' },
  heatScore: 87.4,
  evidenceCount: 12,
  socialScore: 71.2,
  price: 7.21,
  marketCap: 4_330_000_000,
  volume24h: 182_000_000,
  priceChange24h: 3.4,
  priceChange7d: -1.2,
  followersTwitter: 1_200_000,
  marketSource: { source: 'coingecko', asOf: '2026-11-24T18:00:00.000Z' },
  followersSource: { source: 'x', asOf: '2026-11-23T06:00:00.000Z' },
  listedAt: '2020-09-17T00:00:00.000Z',
};

/** A project with no social profile read: its social score is null ("no data"), never the formula's base 50. */
const EXAMPLE_ITEM_NO_SOCIAL: ProjectListItem = {
  ...EXAMPLE_ITEM,
  id: 'example-bridge',
  name: 'Example Bridge',
  symbol: 'EXB',
  logoUrl: null,
  intro: { en: 'Cross-chain bridge', zh: '跨链桥' },
  status: 'active',
  verified: false,
  verification: null,
  heatScore: 41.5,
  evidenceCount: 3,
  socialScore: null,
  followersTwitter: null,
  followersSource: null,
  listedAt: null,
};

export const V1_EXAMPLES = {
  projects: {
    items: [EXAMPLE_ITEM, EXAMPLE_ITEM_NO_SOCIAL],
    total: 2,
    limit: 20,
    offset: 0,
    heat7d: {
      days: ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'],
      scores: {
        uniswap: [84.1, 85.0, null, 86.2, 86.9, 87.1, 87.4],
        'example-bridge': [null, null, null, null, 40.9, 41.2, 41.5],
      },
    },
    trending: { uniswap: { rank: 4, source: 'coingecko' as const, asOf: '2026-11-24T18:00:00.000Z' } },
  },
  sectors: {
    items: [
      {
        id: 'defi',
        name: 'DeFi',
        nameZh: '去中心化金融',
        description: { en: 'Decentralised finance', zh: '去中心化金融' },
        icon: 'coins',
        color: '#3b82f6',
        heatScore: 64.1,
        socialScore: 58.3,
        projectCount: 120,
        scoredCount: 97,
        lowConfidence: false,
        totalMarketCap: 98_000_000_000,
        marketSource: { source: 'coingecko', asOf: '2026-11-24T18:00:00.000Z' },
        totalTvl: 61_000_000_000,
        tvlProjectCount: 88,
        tvlSource: { source: 'defillama', asOf: '2026-11-25T03:15:00.000Z' },
        change24h: 1.8,
        trend: 'up' as const,
        breadth: 0.61,
        concentration: 0.34,
        topProjects: [{ id: 'uniswap', name: 'Uniswap', heatScore: 87.4 }],
        updatedAt: '2026-11-24T18:05:00.000Z',
      },
    ],
  },
  platforms: {
    items: [
      {
        id: 'ethereum',
        name: 'Ethereum',
        kind: 'chain' as const,
        projectCount: 240,
        avgHeat: 52.7,
        topProjects: [{ id: 'uniswap', name: 'Uniswap', heatScore: 87.4 }],
        layer: 'L1' as const,
        tvl: null,
        tvlSource: null,
      },
    ],
  },
  unauthorized: { error: { code: 'API_KEY_INVALID', message: 'This API key is invalid or has been revoked' } },
  forbidden: { error: { code: 'FEATURE_LOCKED_VIP', message: 'Upgrade to VIP to unlock this feature' } },
  rateLimited: {
    error: {
      code: 'API_LIMIT_REACHED',
      message: 'Hourly API limit reached (1000 calls)',
      details: { quota: 'hourlyApiCalls', limit: 1000, resetsAt: '2026-11-24T19:00:00.000Z' },
    },
  },
};

export const V1ProjectListResponseSchema = ProjectDirectoryResponseSchema.meta({ examples: [V1_EXAMPLES.projects] });
export const V1SectorListResponseSchema = SectorListResponseSchema.meta({ examples: [V1_EXAMPLES.sectors] });
export const V1PlatformListResponseSchema = PlatformListResponseSchema.meta({ examples: [V1_EXAMPLES.platforms] });
export const V1UnauthorizedSchema = ErrorBodySchema.meta({
  description: 'No key, or an unknown, malformed or revoked key (API_KEY_REQUIRED, API_KEY_INVALID)',
  examples: [V1_EXAMPLES.unauthorized],
});
export const V1ForbiddenSchema = ErrorBodySchema.meta({
  description: "The key's owner is not vip now (e.g. the plan ended): FEATURE_LOCKED_VIP",
  examples: [V1_EXAMPLES.forbidden],
});
export const V1RateLimitedSchema = ErrorBodySchema.meta({
  description: 'This hour’s 1,000 calls are used up: API_LIMIT_REACHED, with Retry-After (seconds)',
  examples: [V1_EXAMPLES.rateLimited],
});
/** The error answers every /api/v1 route may give, besides its own 400/404. */
export const V1_ERROR_RESPONSES = { 401: V1UnauthorizedSchema, 403: V1ForbiddenSchema, 429: V1RateLimitedSchema };
