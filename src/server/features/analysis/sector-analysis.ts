import { recordAnomaly } from '../../../shared/analysis/anomalies.ts';
import {
  ANOMALY_CANDIDATES,
  SECTOR_ANOMALIES,
  SECTOR_MOVERS,
  SECTOR_RISK_MEMBERS,
} from '../../../shared/analysis/constants.ts';
import { ANCHORS, FactBook } from '../../../shared/analysis/facts.ts';
import { recordMover, toMover } from '../../../shared/analysis/movers.ts';
import { computeRiskFlags, pickTopRisk } from '../../../shared/analysis/risk-flags.ts';
import type { Mover, SectorAnalysisResponse } from '../../../shared/api/analysis.schema.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { getProjectHeat, getSectorHistory } from '../heat/heat.service.ts';
import {
  selectHottestIds,
  selectLatestHistoryScore,
  selectRunMovers,
  selectSector,
  selectSectorMemberProfiles,
} from './analysis.queries.ts';
import {
  computeRunRotation,
  type DataVersion,
  findAnomalies,
  referenceTime,
  selectRuns,
  toRunMover,
} from './analysis-parts.ts';
import { toRiskInput } from './project-analysis.ts';

/**
 * A sector's full analysis: its heat moves and share of the total heat, its members' biggest 24 h movers and
 * anomalies, and the risk flags of its hottest members. Null for an unknown sector (id in any case).
 */
export async function computeSectorAnalysis(
  db: Db,
  id: string,
  version: DataVersion,
): Promise<SectorAnalysisResponse | null> {
  const sector = await selectSector(db, id);
  if (!sector) return null;
  const now = new Date();
  const ref = referenceTime(version);
  const runs = await selectRuns(db);
  const [history, latest, rotation, moverRows, hottest, members] = await Promise.all([
    getSectorHistory(db, sector.id, '7d', now),
    selectLatestHistoryScore(db, 'sector', sector.id),
    computeRunRotation(db, runs),
    runs?.day ? selectRunMovers(db, runs.latest, runs.day, SECTOR_MOVERS, sector.name) : Promise.resolve([]),
    selectHottestIds(db, ANOMALY_CANDIDATES / 2, sector.name),
    selectSectorMemberProfiles(db, sector.name, SECTOR_RISK_MEMBERS),
  ]);
  const facts = new FactBook(version.atMs === null ? null : new Date(version.atMs).toISOString());
  const self = { projectId: sector.id, name: sector.name };

  const day = toMover(self, 'day', history.moves.day, latest ?? null);
  const week = toMover(self, 'week', history.moves.week, latest ?? null);
  if (sector.heat !== null) facts.add('heat.score', sector.heat, 'points', null);
  if (day) facts.add('heat.change24h', day.change, 'points', null);
  if (week) facts.add('heat.change7d', week.change, 'points', null);
  const share = rotation.find((r) => r.sectorId === sector.id) ?? null;
  if (share) {
    facts.add('sector.share', share.shareNow, 'share', ANCHORS.rotation);
    facts.add('sector.shareChange7d', share.shareChange, 'share', ANCHORS.rotation);
    facts.add('sector.shareBefore7d', share.shareBefore, 'share', ANCHORS.rotation);
  }

  const movers: Mover[] = [];
  const seen = new Set<string>();
  for (const row of [...moverRows].sort(
    (a, b) => Math.abs(b.change) - Math.abs(a.change) || a.id.localeCompare(b.id),
  )) {
    if (row.change === 0 || seen.has(row.id) || movers.length >= SECTOR_MOVERS || !runs?.day) continue;
    seen.add(row.id);
    const mover = toRunMover(row, 'day', runs.day);
    recordMover(facts, `mover.${row.id}.day`, mover);
    movers.push(mover);
  }

  const candidates = [...new Set([...moverRows.map((r) => r.id), ...hottest])];
  const anomalies = (await findAnomalies(db, candidates, ref)).slice(0, SECTOR_ANOMALIES);
  for (const { anomaly, source } of anomalies) {
    recordAnomaly(
      facts,
      `anomaly.${anomaly.projectId}`,
      anomaly,
      source === 'heatrank' ? undefined : { source, asOf: anomaly.at },
    );
  }

  // Each member's per-input breakdown, as its own page computes it, so its single-signal flag here is the one its
  // own analysis raises (project_scores keeps only category sums, which would name a category, not a signal).
  const heats = await Promise.all(members.map((m) => getMemberHeat(db, m.id, now)));
  const riskFlags = members.flatMap((m, i) =>
    computeRiskFlags({ ...toRiskInput(m), ...heats[i] }, ref, facts, `member.${m.id}.`).map((f) => ({
      ...f,
      projectId: m.id,
      name: m.name,
    })),
  );
  facts.add('anomaly.count', anomalies.length, 'count', ANCHORS.anomalies);
  facts.add('risk.count', riskFlags.length, 'count', ANCHORS.risks);

  return {
    sectorId: sector.id,
    name: sector.name,
    dataVersion: version.dataVersion,
    computedAt: now.toISOString(),
    summary: {
      heat: sector.heat,
      change24h: day?.change ?? null,
      change7d: week?.change ?? null,
      anomalyCount: anomalies.length,
      riskFlagCount: riskFlags.length,
      topRisk: pickTopRisk(riskFlags),
      share: share?.shareNow ?? null,
      shareChange7d: share?.shareChange ?? null,
    },
    full: { movers, anomalies: anomalies.map((a) => a.anomaly), riskFlags },
    locked: null,
    facts: facts.list(),
  };
}

/** A member's score and breakdown as its project analysis reads them; breakdown null when unscored, {} when gone. */
async function getMemberHeat(db: Db, id: string, now: Date) {
  try {
    const heat = await getProjectHeat(db, id, now);
    return { score: heat.score, breakdown: heat.scored ? heat.breakdown : null };
  } catch (error) {
    // Deleted between the member list and this read: keep what the member row gave.
    if (error instanceof AppError && error.code === 'PROJECT_NOT_FOUND') return {};
    throw error;
  }
}
