import pg from 'pg';
import { bulkSelect } from '../../db/bulk-select.ts';
import type { Db } from '../../db/client.ts';

const { escapeLiteral } = pg;

/**
 * Each heat input's raw value as a SQL expression over `projects` (aliased p): the columns the recompute reads, and
 * the derived volume-to-market-cap ratio. Order = the breakdown's.
 */
export const COHORT_INPUTS: readonly (readonly [key: string, expression: string])[] = [
  ['twitterFollowers', 'p.followers_twitter::float8'],
  ['mentions7d', 'p.mentions_7d::float8'],
  ['engagementAvg', 'p.engagement_avg'],
  ['telegramMembers', 'p.followers_telegram::float8'],
  ['discordMembers', 'p.followers_discord::float8'],
  ['marketCapUsd', 'p.market_cap'],
  ['volume24hUsd', 'p.volume_24h'],
  ['priceChange24hPct', 'p.price_change_24h'],
  ['priceChange7dPct', 'p.price_change_7d'],
  ['volumeToMarketCap', 'p.volume_24h / nullif(p.market_cap, 0)'],
  ['commits52w', 'p.dev_commits::float8'],
  ['stars', 'p.dev_stars::float8'],
  ['forks', 'p.dev_forks::float8'],
  ['contributors', 'p.dev_contributors::float8'],
  ['codeFrequency', 'p.dev_code_frequency'],
  ['newsMentions', 'p.news_mentions::float8'],
  ['googleTrends', 'p.google_trends'],
  ['redditMentions', 'p.reddit_mentions::float8'],
];

/** One project's raw inputs (COHORT_INPUTS order), its category and market cap; undefined when it does not exist. */
export async function selectProjectInputs(db: Db, id: string) {
  const [row] = await bulkSelect(
    db,
    `SELECT p.category, p.market_cap, ${COHORT_INPUTS.map(([, e]) => e).join(', ')} FROM projects p
     WHERE p.id = ${escapeLiteral(id)}`,
    ['text', 'float8', ...COHORT_INPUTS.map(() => 'float8' as const)],
  );
  if (!row) return undefined;
  return { category: row[0] as string, marketCap: row[1] as number | null, raws: row.slice(2) as (number | null)[] };
}

/**
 * Per input, over the projects matching `cohort` (a SQL condition on p): how many have a value below `raws[i]`, equal
 * to it, and any value; plus the cohort's size. A null raw counts nothing (its standing is not asked for).
 */
export async function selectCohortCounts(db: Db, cohort: string, raws: readonly (number | null)[]) {
  const parts = COHORT_INPUTS.flatMap(([, expression], i) => {
    const raw = raws[i];
    if (raw === null || raw === undefined) return ['0::int4', '0::int4', '0::int4'];
    const v = `${Number(raw)}::float8`;
    return [
      `(count(*) FILTER (WHERE ${expression} < ${v}))::int4`,
      `(count(*) FILTER (WHERE ${expression} = ${v}))::int4`,
      `count(${expression})::int4`,
    ];
  });
  const [row] = await bulkSelect(db, `SELECT count(*)::int4, ${parts.join(', ')} FROM projects p WHERE ${cohort}`, [
    'int4',
    ...parts.map(() => 'int4' as const),
  ]);
  const counts = (row ?? []) as number[];
  return {
    size: counts[0] ?? 0,
    inputs: COHORT_INPUTS.map((_, i) => ({
      below: counts[1 + 3 * i] ?? 0,
      equal: counts[2 + 3 * i] ?? 0,
      withData: counts[3 + 3 * i] ?? 0,
    })),
  };
}

/** The SQL condition of a category cohort. */
export const inCategory = (category: string) => `p.category = ${escapeLiteral(category)}`;

/** The SQL condition of a market-cap band [lo, hi). */
export const inMarketCapBand = (lo: number, hi: number | null) =>
  `p.market_cap >= ${Number(lo)}::float8${hi === null ? '' : ` AND p.market_cap < ${Number(hi)}::float8`}`;
