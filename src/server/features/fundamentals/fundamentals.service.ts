import type { FundingResponse } from '../../../shared/api/fundamentals.schema.ts';
import { PREMIUM_DATA_LOCK } from '../../../shared/api/premium-data.schema.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { selectRaisesCheckedAt } from '../../runs/run-history.ts';
import { selectLogoFacts, selectProjectRaises, selectStoredLogo } from './fundamentals.queries.ts';

/**
 * A project's funding rounds in full (investors and valuations included: vip's answer) with their source and as-of, whether the source was ever read here (so "not fetched
 * yet" and "none on record" differ), and its logo's state; throws PROJECT_NOT_FOUND. No rounds → an empty list.
 */
export async function getProjectFunding(db: Db, projectId: string): Promise<FundingResponse> {
  const [logo, rows, checkedAt] = await Promise.all([
    selectLogoFacts(db, projectId),
    selectProjectRaises(db, projectId),
    selectRaisesCheckedAt(db),
  ]);
  if (!logo) throw new AppError('PROJECT_NOT_FOUND', { id: projectId });
  const rounds = rows.map((row) => ({
    date: row.raisedAt.toISOString(),
    name: row.name,
    round: row.round,
    amountUsd: row.amountUsd,
    detail: { valuationUsd: row.valuationUsd, leadInvestors: row.leadInvestors, otherInvestors: row.otherInvestors },
    sourceUrl: row.sourceUrl,
    asOf: row.fetchedAt.toISOString(),
  }));
  const newest = rows.reduce<Date | null>((max, row) => (max && max > row.fetchedAt ? max : row.fetchedAt), null);
  return {
    projectId,
    source: 'defillama',
    asOf: newest?.toISOString() ?? null,
    checkedAt: checkedAt?.toISOString() ?? null,
    rounds,
    locked: null,
    logo: logoStateOf(logo),
  };
}

/**
 * The answer a level without premium_data gets: the same rounds (date, name, round, amount, announcement, as-of)
 * with each round's investors and valuation removed, marked `locked` — never a made-up or emptied value.
 */
export function withoutPremiumData(funding: FundingResponse): FundingResponse {
  return { ...funding, rounds: funding.rounds.map((r) => ({ ...r, detail: null })), locked: PREMIUM_DATA_LOCK };
}

function logoStateOf(facts: { logoUrl: string | null; etag: string | null; error: string | null }) {
  if (facts.etag) return 'stored' as const;
  if (facts.error) return 'failed' as const;
  return facts.logoUrl ? ('not_fetched' as const) : ('none' as const);
}

export type StoredLogo = { bytes: Buffer; contentType: string; etag: string };

/** The stored logo of a project; throws LOGO_NOT_FOUND when none is stored. */
export async function getStoredLogo(db: Db, projectId: string): Promise<StoredLogo> {
  const row = await selectStoredLogo(db, projectId);
  if (!row?.bytes || !row.contentType || !row.etag) throw new AppError('LOGO_NOT_FOUND', { id: projectId });
  return { bytes: Buffer.from(row.bytes), contentType: row.contentType, etag: row.etag };
}

/** The response-cache key of a project's funding: in full (vip) or without the investors and valuations. */
export function fundingCacheKey(projectId: string, full: boolean): string {
  return full ? `funding:${projectId}` : `funding:${projectId}:reduced`;
}
