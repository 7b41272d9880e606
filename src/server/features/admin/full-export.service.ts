// The admin's full export (spec §3): { projects, sectors, exportTime, version: '1.0' }, in the catalogue's shape so an
// import reads it back. Written as it is read: keyset pages of projects, never the whole file in memory.
import { SAMPLE_SOURCE } from '../../../shared/api/common.schema.ts';
import type { Db } from '../../db/client.ts';
import { type ExportProject, type ExportSector, FULL_EXPORT_VERSION } from '../catalogue/catalogue.service.ts';
import { type ExportProjectRow, selectExportProjectPage, selectExportSectors } from './full-export.queries.ts';

/** Projects read per statement: a page is a few hundred kB of JSON at most. */
export const EXPORT_PAGE_SIZE = 500;

const day = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString()).slice(0, 10);

/** The catalogue's `sample` block, back from the figures still labelled as the catalogue's samples; else null. */
function toSample(row: ExportProjectRow): ExportProject['sample'] {
  const sources = row.metricSources;
  const isSample = (key: string) => sources[key]?.source === SAMPLE_SOURCE;
  const asOf = ['marketCap', 'volume24h', 'followersTwitter'].map((k) => (isSample(k) ? sources[k]?.asOf : undefined));
  const first = asOf.find((a) => a !== undefined);
  if (!first) return null;
  return {
    asOf: day(first),
    marketCapUsd: isSample('marketCap') ? row.marketCap : null,
    volume24hUsd: isSample('volume24h') ? row.volume24h : null,
    twitterFollowers: isSample('followersTwitter') ? row.followersTwitter : null,
  };
}

/** A stored project as a catalogue entry (catalogue.data.ts toProjectRow, backwards); live figures are not part of it. */
export function toExportProject(row: ExportProjectRow): ExportProject {
  const { team, roadmap, tokenomics, partnerships } = row.fundamentals ?? {};
  const optional = {
    ...(row.verification ? { verification: { ...row.verification, at: day(row.verification.at) } } : {}),
    ...(row.newsQuery ? { newsQuery: row.newsQuery } : {}),
    ...(row.wikipediaTitles ? { wikipedia: row.wikipediaTitles } : {}),
    ...(row.whitepaperUrl ? { whitepaper: row.whitepaperUrl } : {}),
    ...(team ? { team } : {}),
    ...(roadmap ? { roadmap } : {}),
    ...(tokenomics ? { tokenomics } : {}),
    ...(partnerships ? { partnerships } : {}),
  };
  return {
    id: row.id,
    name: row.name,
    symbol: row.symbol,
    category: row.category,
    chains: row.chains,
    website: row.websiteUrl,
    twitter: row.twitterHandle,
    telegram: row.telegramUrl,
    discord: row.discordUrl,
    github: row.githubOrgs,
    coingeckoId: row.coingeckoId,
    listedAt: row.listedAt ? day(row.listedAt) : null,
    sourcePlatform: row.sourcePlatform,
    ...optional,
    tags: row.tags,
    introEn: row.introEn,
    introZh: row.introZh,
    descriptionEn: row.descriptionEn,
    descriptionZh: row.descriptionZh,
    sample: toSample(row),
  };
}

/**
 * The export file as a sequence of JSON text chunks (one per page of projects): `{"projects":[…],"sectors":[…],
 * "chains":[…],"exportTime":"…","version":"1.0"}`. A failure mid-way ends the sequence with that error, so the download breaks
 * off as invalid JSON rather than passing for a complete file.
 */
export async function* writeFullExport(db: Db, now: Date, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<string> {
  yield '{"projects":[';
  let after: string | null = null;
  let first = true;
  const chains = new Set<string>();
  for (;;) {
    const page = await selectExportProjectPage(db, after, pageSize);
    if (page.length === 0) break;
    for (const row of page) for (const chain of row.chains) chains.add(chain);
    const text = page.map((row) => JSON.stringify(toExportProject(row))).join(',');
    yield first ? text : `,${text}`;
    first = false;
    after = page[page.length - 1]!.id;
    if (page.length < pageSize) break;
  }
  const sectors: ExportSector[] = await selectExportSectors(db);
  // The chains its projects name: an import elsewhere adds them on purpose (unknown chains are refused).
  const chainList = JSON.stringify([...chains].sort());
  yield `],"sectors":${JSON.stringify(sectors)},"chains":${chainList},"exportTime":${JSON.stringify(now.toISOString())},"version":"${FULL_EXPORT_VERSION}"}`;
}

/** The download's file name: heatrank-export-<UTC date>.json. */
export const fullExportFileName = (now: Date) => `heatrank-export-${day(now)}.json`;
