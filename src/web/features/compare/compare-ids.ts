import { COMPARE_MAX } from '../../../shared/api/compare.values.ts';

/** The ids in a /compare URL: trimmed, empty and repeated ones dropped, at most COMPARE_MAX, order kept. */
export function parseCompareIds(raw: string | null): string[] {
  const out: string[] = [];
  for (const id of (raw ?? '').split(',')) {
    const trimmed = id.trim();
    if (trimmed && !out.includes(trimmed) && out.length < COMPARE_MAX) out.push(trimmed);
  }
  return out;
}

/** The shareable address of a comparison. */
export function compareHref(ids: readonly string[]): string {
  return `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
}
