import type { RotationEntry } from '../api/analysis.schema.ts';
import { ANCHORS, type FactBook } from './facts.ts';

type SectorHeat = { sectorId: string; name: string; score: number };

/**
 * Each sector's share of the sectors' total heat now and 7 days ago (share ∈ [0,1]; each side sums to 1 when it has
 * heat, and the changes sum to 0). A sector missing on one side has share 0 there. Largest gain first.
 */
export function computeRotation(now: readonly SectorHeat[], before: readonly SectorHeat[]): RotationEntry[] {
  const total = (rows: readonly SectorHeat[]) => rows.reduce((s, r) => s + Math.max(0, r.score), 0);
  const [totalNow, totalBefore] = [total(now), total(before)];
  const names = new Map<string, string>();
  for (const r of [...before, ...now]) names.set(r.sectorId, r.name);
  const shareOf = (rows: readonly SectorHeat[], sum: number) => {
    const out = new Map<string, number>();
    for (const r of rows) out.set(r.sectorId, sum > 0 ? Math.max(0, r.score) / sum : 0);
    return out;
  };
  const [sharesNow, sharesBefore] = [shareOf(now, totalNow), shareOf(before, totalBefore)];
  return [...names]
    .map(([sectorId, name]) => {
      const shareNow = sharesNow.get(sectorId) ?? 0;
      const shareBefore = sharesBefore.get(sectorId) ?? 0;
      return { sectorId, name, shareNow, shareBefore, shareChange: shareNow - shareBefore };
    })
    .sort((a, b) => b.shareChange - a.shareChange || a.sectorId.localeCompare(b.sectorId));
}

/** Records `rotation.<sectorId>.{shareChange,shareNow,shareBefore}`. */
export function recordRotation(facts: FactBook, rotation: readonly RotationEntry[]): void {
  for (const r of rotation) {
    facts.add(`rotation.${r.sectorId}.shareChange`, r.shareChange, 'share', ANCHORS.rotation);
    facts.add(`rotation.${r.sectorId}.shareNow`, r.shareNow, 'share', ANCHORS.rotation);
    facts.add(`rotation.${r.sectorId}.shareBefore`, r.shareBefore, 'share', ANCHORS.rotation);
  }
}
