import type { ImportResult } from '../../../shared/api/admin-data.schema.ts';

/** A chosen import file, read in the browser: the parsed body to send and each project's name by id (for the preview). */
export type ImportFile = { body: Record<string, unknown>; projectCount: number; names: Map<string, string> };

/**
 * Reads an import file's text (spec §5): it must be a JSON object with a `projects` list, else `null` — the page then
 * shows INVALID_DATA_FORMAT and sends nothing. Rows are not checked here: the server validates every row and names
 * the first bad one (IMPORT_ROW_INVALID).
 */
export function readImportFile(text: string): ImportFile | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const body = parsed as Record<string, unknown>;
  if (!Array.isArray(body.projects)) return null;
  const names = new Map<string, string>();
  for (const list of [body.projects, body.sectors]) {
    if (!Array.isArray(list)) continue;
    for (const row of list) {
      if (typeof row !== 'object' || row === null) continue;
      const { id, name } = row as { id?: unknown; name?: unknown };
      if (typeof id === 'string' && typeof name === 'string') names.set(id, name);
    }
  }
  return { body, projectCount: body.projects.length, names };
}

export const PLAN_KINDS = ['added', 'changed', 'removed'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export type PlanGroup = {
  list: 'projects' | 'sectors';
  kind: PlanKind;
  count: number;
  /** The first `shown` entries as "name (id)" or the id alone when the file has no name for it (a removed row). */
  labels: string[];
  /** How many more there are than `labels` holds. */
  more: number;
};

/** Entries listed per group; the rest is counted ("and 37 more"): a 10,000-row replace stays readable. */
export const PLAN_SHOWN = 20;

/** The preview's groups to show: added / changed / removed of projects, then of sectors, empty groups left out. */
export function describeImportPlan(
  result: ImportResult,
  names: ReadonlyMap<string, string>,
  shown = PLAN_SHOWN,
): PlanGroup[] {
  const groups: PlanGroup[] = [];
  for (const list of ['projects', 'sectors'] as const) {
    for (const kind of PLAN_KINDS) {
      const { count, ids } = result[list][kind];
      if (count === 0) continue;
      const labels = ids.slice(0, shown).map((id) => {
        const name = names.get(id);
        return name && name !== id ? `${name} (${id})` : id;
      });
      groups.push({ list, kind, count, labels, more: Math.max(0, count - labels.length) });
    }
  }
  return groups;
}
