/** One field of an audit entry that differs between "before" and "after" (absent = undefined). */
export type AuditChange = { field: string; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields an edit changed, in the order they first appear (after's keys, then before's), compared as JSON. A
 * create has no "before" and a delete no "after": every field of the other side is listed. A non-object side (an
 * import's summary) is one change named "".
 */
export function diffAuditEntry(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: '', before, after }];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(to), ...Object.keys(from)])];
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, before: from[field], after: to[field] }));
}

/** A value of a change as one line of text: strings as they are, everything else as JSON, absent as "—". */
export function formatAuditValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
