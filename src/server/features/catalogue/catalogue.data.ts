import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SAMPLE_SOURCE } from '../../../shared/api/common.schema.ts';
import type { MetricSources, ProjectFundamentals, projects, sectors } from '../../db/schema/index.ts';
import {
  type CatalogueProject,
  CatalogueProjectSchema,
  type CatalogueSector,
  CatalogueSectorSchema,
} from './catalogue.schema.ts';

const DATA_DIR = fileURLToPath(new URL('./data', import.meta.url));

export { SAMPLE_SOURCE };

export type Catalogue = { sectors: CatalogueSector[]; projects: CatalogueProject[] };

/** Reads and validates the built-in catalogue shipped in the repository (sectors.json + projects-*.json). */
export function readCatalogue(dir = DATA_DIR): Catalogue {
  const read = (file: string) => JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as unknown;
  const sectorList = z.array(CatalogueSectorSchema).parse(read('sectors.json'));
  const projectFiles = readdirSync(dir)
    .filter((f) => /^projects-.+\.json$/.test(f))
    .sort();
  const projectList = projectFiles.flatMap((file) => {
    const parsed = z.array(CatalogueProjectSchema).safeParse(read(file));
    if (!parsed.success) throw new Error(`catalogue ${file}: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  });
  const sectorNames = new Set(sectorList.map((s) => s.name));
  const seen = new Set<string>();
  for (const project of projectList) {
    if (seen.has(project.id)) throw new Error(`catalogue: duplicate project id ${project.id}`);
    if (!sectorNames.has(project.category))
      throw new Error(`catalogue: ${project.id} has unknown category ${project.category}`);
    seen.add(project.id);
  }
  return { sectors: sectorList, projects: projectList };
}

export function toSectorRow(sector: CatalogueSector): typeof sectors.$inferInsert {
  return {
    id: sector.id,
    name: sector.name,
    nameZh: sector.nameZh,
    descriptionEn: sector.descriptionEn,
    descriptionZh: sector.descriptionZh,
    color: sector.color,
    icon: sector.icon,
  };
}

/** The optional labels as one stored object; null when the entry has none. */
function toFundamentals(project: CatalogueProject): ProjectFundamentals | null {
  const { team, roadmap, tokenomics, partnerships } = project;
  const value: ProjectFundamentals = { team, roadmap, tokenomics, partnerships };
  for (const key of Object.keys(value) as (keyof ProjectFundamentals)[])
    if (value[key] === undefined) delete value[key];
  return Object.keys(value).length > 0 ? value : null;
}

export function toProjectRow(project: CatalogueProject): typeof projects.$inferInsert {
  const sample = project.sample;
  const sources: MetricSources = {};
  const tag = (key: string, value: number | null | undefined) => {
    if (sample && value !== null && value !== undefined) {
      sources[key] = { source: SAMPLE_SOURCE, asOf: `${sample.asOf}T00:00:00.000Z`, sample: true };
    }
    return value ?? null;
  };
  return {
    id: project.id,
    name: project.name,
    symbol: project.symbol,
    introEn: project.introEn,
    introZh: project.introZh,
    descriptionEn: project.descriptionEn,
    descriptionZh: project.descriptionZh,
    category: project.category,
    categories: [project.category],
    chains: project.chains,
    tags: project.tags,
    websiteUrl: project.website,
    twitterHandle: project.twitter,
    telegramUrl: project.telegram,
    discordUrl: project.discord,
    githubOrgs: project.github,
    sourcePlatform: project.sourcePlatform,
    isVerified: project.verification !== undefined,
    verification: project.verification
      ? { ...project.verification, at: `${project.verification.at}T00:00:00.000Z` }
      : null,
    coingeckoId: project.coingeckoId,
    newsQuery: project.newsQuery ?? null,
    wikipediaTitles: project.wikipedia ?? null,
    whitepaperUrl: project.whitepaper ?? null,
    fundamentals: toFundamentals(project),
    marketCap: tag('marketCap', sample?.marketCapUsd),
    volume24h: tag('volume24h', sample?.volume24hUsd),
    followersTwitter: tag('followersTwitter', sample?.twitterFollowers),
    metricSources: sources,
    listedAt: project.listedAt ? new Date(`${project.listedAt}T00:00:00Z`) : null,
  };
}
