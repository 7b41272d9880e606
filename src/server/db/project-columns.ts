import { projectScores, projects } from './schema/index.ts';

/**
 * A list row: the project's own columns plus its heat outputs (projects joined with project_scores, `scoresOfProject`).
 * The projects, sectors and platforms lists all select it; it lives in db/ because a feature never imports another
 * feature's *.queries.ts.
 */
export const projectListColumns = {
  id: projects.id,
  name: projects.name,
  symbol: projects.symbol,
  // The logo pages load is our stored copy (shared/api/fundamentals.schema.ts toServedLogoUrl), never the source's.
  logoEtag: projects.logoEtag,
  introEn: projects.introEn,
  introZh: projects.introZh,
  category: projects.category,
  chains: projects.chains,
  status: projectScores.status,
  isVerified: projects.isVerified,
  verification: projects.verification,
  heatScore: projectScores.heatScore,
  evidenceCount: projectScores.evidenceCount,
  socialScore: projectScores.socialScore,
  price: projects.price,
  marketCap: projects.marketCap,
  volume24h: projects.volume24h,
  priceChange24h: projects.priceChange24h,
  priceChange7d: projects.priceChange7d,
  followersTwitter: projects.followersTwitter,
  metricSources: projects.metricSources,
  listedAt: projects.listedAt,
};
