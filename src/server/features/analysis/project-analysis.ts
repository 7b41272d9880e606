import { recordAnomaly } from '../../../shared/analysis/anomalies.ts';
import { SIMILAR_CANDIDATES } from '../../../shared/analysis/constants.ts';
import { ANCHORS, FactBook } from '../../../shared/analysis/facts.ts';
import { recordMover, toMover } from '../../../shared/analysis/movers.ts';
import { computeRiskFlags, pickTopRisk } from '../../../shared/analysis/risk-flags.ts';
import { rankSimilar, type SimilarityProfile } from '../../../shared/analysis/similarity.ts';
import type { ProjectAnalysisResponse } from '../../../shared/api/analysis.schema.ts';
import type { Db } from '../../db/client.ts';
import { getProjectHeat, getProjectHistory } from '../heat/heat.service.ts';
import {
  type ProfileRow,
  selectLatestHistoryScore,
  selectProjectProfile,
  selectSimilarCandidates,
} from './analysis.queries.ts';
import { type DataVersion, findAnomalies, referenceTime } from './analysis-parts.ts';

/** A profile row → what the similarity compares. */
export function toSimilarityProfile(row: ProfileRow): SimilarityProfile {
  return {
    projectId: row.id,
    name: row.name,
    sector: row.category,
    chains: row.chains,
    tags: row.tags,
    signals: {
      marketCap: row.market_cap,
      volume24h: row.volume_24h,
      tvl: row.tvl,
      followersTwitter: row.followers_twitter,
      devStars: row.dev_stars,
      devCommits: row.dev_commits,
      newsMentions: row.news_mentions,
      redditMentions: row.reddit_mentions,
    },
  };
}

/** What a profile row gives the risk flags (the breakdown is added where it is at hand). */
export function toRiskInput(row: ProfileRow) {
  return {
    score: row.heat,
    marketCap: row.market_cap,
    volume24h: row.volume_24h,
    redditMentions: row.reddit_mentions,
    redditAuthors: row.reddit_authors,
    listedAt: row.listed_at_ms === null ? null : new Date(row.listed_at_ms),
    breakdown: null,
    metricSources: row.metric_sources ?? {},
  };
}

/** A project's full analysis (full, locked null); null for an unknown id. */
export async function computeProjectAnalysis(
  db: Db,
  id: string,
  version: DataVersion,
): Promise<ProjectAnalysisResponse | null> {
  const profile = await selectProjectProfile(db, id);
  if (!profile) return null;
  const now = new Date();
  const ref = referenceTime(version);
  const [heat, history, latest, candidates, anomalies] = await Promise.all([
    getProjectHeat(db, id, now),
    getProjectHistory(db, id, '7d', now),
    selectLatestHistoryScore(db, 'project', id),
    selectSimilarCandidates(db, profile, SIMILAR_CANDIDATES),
    findAnomalies(db, [id], ref, new Map([[id, profile.name]])),
  ]);
  const facts = new FactBook(version.atMs === null ? null : new Date(version.atMs).toISOString());
  const entity = { projectId: profile.id, name: profile.name };

  const score = heat.score;
  if (score !== null)
    facts.add('heat.score', score, 'points', ANCHORS.scores, { source: 'heatrank', asOf: heat.computedAt });
  if (heat.scored) {
    for (const e of heat.breakdown) {
      if (!e.noData || e.contribution !== 0)
        facts.add(`breakdown.${e.key}.contribution`, e.contribution, 'points', ANCHORS.breakdown(e.key));
    }
  }
  const day = toMover(entity, 'day', history.moves.day, latest ?? null);
  const week = toMover(entity, 'week', history.moves.week, latest ?? null);
  if (day) facts.add('heat.change24h', day.change, 'points', ANCHORS.scores);
  if (week) facts.add('heat.change7d', week.change, 'points', ANCHORS.scores);
  recordMover(facts, 'move.day', day);
  recordMover(facts, 'move.week', week);

  for (const { anomaly, source } of anomalies) {
    recordAnomaly(facts, 'anomaly', anomaly, source === 'heatrank' ? undefined : { source, asOf: anomaly.at });
  }
  const riskFlags = computeRiskFlags(
    { ...toRiskInput(profile), score, breakdown: heat.scored ? heat.breakdown : null },
    ref,
    facts,
  );
  const similar = rankSimilar(toSimilarityProfile(profile), candidates.map(toSimilarityProfile));
  for (const s of similar) facts.add(`similar.${s.projectId}.similarity`, s.similarity, 'ratio', ANCHORS.similar);
  facts.add('anomaly.count', anomalies.length, 'count', ANCHORS.anomalies);
  facts.add('risk.count', riskFlags.length, 'count', ANCHORS.risks);

  return {
    projectId: profile.id,
    name: profile.name,
    dataVersion: version.dataVersion,
    computedAt: now.toISOString(),
    summary: {
      heat: score,
      change24h: day?.change ?? null,
      change7d: week?.change ?? null,
      anomalyCount: anomalies.length,
      riskFlagCount: riskFlags.length,
      topRisk: pickTopRisk(riskFlags),
    },
    full: { movers: { day, week }, anomalies: anomalies.map((a) => a.anomaly), riskFlags, similar },
    locked: null,
    facts: facts.list(),
  };
}
