import type { EvaluationGroup, PanelProject } from './types.ts';

/**
 * The groups a panel is evaluated over: everyone, then each sector, then each model version (ids sorted), with each
 * project's memberships as compressed rows (`memberOf[memberStart[p] .. memberStart[p + 1])`) and, per group, an
 * offset into buffers that hold one slot per membership (`slotStart[g] .. slotStart[g] + size[g]`). `all` (group 0)
 * and any group holding every project (one model version for all, say) have no memberships: `all` is the whole
 * cross-section, and `sameAsAll[g]` = 1 marks the others, whose figures are those of `all`, computed once.
 */
export type PanelGroups = {
  groups: EvaluationGroup[];
  memberStart: Uint32Array;
  memberOf: Uint32Array;
  size: Uint32Array;
  sameAsAll: Uint8Array;
  slotStart: Uint32Array;
  slots: number;
};

/** Groups and memberships of `projects`. A project listing a sector twice counts once. */
export function computePanelGroups(projects: readonly PanelProject[]): PanelGroups {
  const sectors = [...new Set(projects.flatMap((p) => p.sectorIds))].sort();
  const versions = [...new Set(projects.map((p) => p.modelVersion))].sort();
  const groups: EvaluationGroup[] = [
    { kind: 'all', id: null },
    ...sectors.map((id) => ({ kind: 'sector' as const, id })),
    ...versions.map((id) => ({ kind: 'modelVersion' as const, id })),
  ];
  const sectorIndex = new Map(sectors.map((id, i) => [id, 1 + i]));
  const versionIndex = new Map(versions.map((id, i) => [id, 1 + sectors.length + i]));
  const own = projects.map((project) => {
    const set = new Set<number>([0, versionIndex.get(project.modelVersion) as number]);
    for (const s of project.sectorIds) set.add(sectorIndex.get(s) as number);
    return [...set].sort((a, b) => a - b);
  });
  const total = new Uint32Array(groups.length);
  for (const list of own) for (const g of list) total[g] = (total[g] as number) + 1;
  const sameAsAll = Uint8Array.from(total, (count, g) => (g === 0 || count === projects.length ? 1 : 0));
  const memberStart = new Uint32Array(projects.length + 1);
  const rows: number[] = [];
  own.forEach((list, p) => {
    for (const g of list) if (!sameAsAll[g]) rows.push(g);
    memberStart[p + 1] = rows.length;
  });
  const size = Uint32Array.from(total, (count, g) => (sameAsAll[g] ? 0 : count));
  const slotStart = new Uint32Array(groups.length);
  let slots = 0;
  for (let g = 0; g < groups.length; g++) {
    slotStart[g] = slots;
    slots += size[g] as number;
  }
  return { groups, memberStart, memberOf: Uint32Array.from(rows), size, sameAsAll, slotStart, slots };
}

/**
 * Appends each project of `order[0..n)` to the buffer slots of every group it belongs to, preserving the order within
 * each group. `length[g]` receives each group's count.
 */
export function distributeToGroups(
  order: Uint32Array,
  n: number,
  g: PanelGroups,
  buffer: Uint32Array,
  length: Uint32Array,
): void {
  const { memberStart, memberOf, slotStart } = g;
  const cursor = length; // write positions first, turned into lengths at the end
  for (let k = 0; k < cursor.length; k++) cursor[k] = slotStart[k] as number;
  for (let i = 0; i < n; i++) {
    const p = order[i] as number;
    const end = memberStart[p + 1] as number;
    for (let j = memberStart[p] as number; j < end; j++) {
      const group = memberOf[j] as number;
      const at = cursor[group] as number;
      buffer[at] = p;
      cursor[group] = at + 1;
    }
  }
  for (let k = 0; k < cursor.length; k++) length[k] = (cursor[k] as number) - (slotStart[k] as number);
}
