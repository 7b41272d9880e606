import type { ReadyMissedHints, RealtimeHint, RealtimeMessage } from '../../../shared/api/realtime.schema.ts';

// A `hints` message of the event stream read by hand, as RealtimeMessageSchema reads it: the connection runs on every
// page, and zod would be ~26 kB of the code a page waits for (src/server/web-startup-imports.test.ts). read-message.test.ts
// holds this reader to the schema.

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';

const HINT_READERS: Record<RealtimeHint['type'], (hint: Fields) => RealtimeHint | null> = {
  'projects.updated': (hint) => {
    if (hint.ids === undefined) return { type: 'projects.updated' };
    return Array.isArray(hint.ids) && hint.ids.every(isString) ? { type: 'projects.updated', ids: hint.ids } : null;
  },
  'sectors.updated': () => ({ type: 'sectors.updated' }),
  'heat.recomputed': (hint) => (isString(hint.asOf) ? { type: 'heat.recomputed', asOf: hint.asOf } : null),
  'sync.updated': (hint) => (isString(hint.job) ? { type: 'sync.updated', job: hint.job } : null),
  'me.updated': (hint) =>
    hint.what === 'points' || hint.what === 'notifications' || hint.what === 'profile'
      ? { type: 'me.updated', what: hint.what }
      : null,
};

function readHint(value: unknown): RealtimeHint | null {
  if (!isObject(value) || !isString(value.type) || !Object.hasOwn(HINT_READERS, value.type)) return null;
  return HINT_READERS[value.type as RealtimeHint['type']](value);
}

/** The message, or null when it is not one this build can read (a newer server's hint, a broken line). */
export function readRealtimeMessage(value: unknown): RealtimeMessage | null {
  if (!isObject(value) || !Number.isInteger(value.seq) || !Array.isArray(value.hints)) return null;
  const hints: RealtimeHint[] = [];
  for (const raw of value.hints) {
    const hint = readHint(raw);
    if (!hint) return null;
    hints.push(hint);
  }
  return { seq: value.seq as number, hints };
}

/** A `ready` message's missed hints (RealtimeReadySchema's `recent` and `knownForMs`), or null when it has none. */
export function readMissedHints(value: unknown): ReadyMissedHints | null {
  if (!isObject(value) || !isAge(value.knownForMs) || !Array.isArray(value.recent)) return null;
  const recent: ReadyMissedHints['recent'] = [];
  for (const raw of value.recent) {
    const agoMs = isObject(raw) && isAge(raw.agoMs) ? raw.agoMs : null;
    const hint = agoMs === null ? null : readHint((raw as Fields).hint);
    // A hint this build cannot read: everything before it may be out of date.
    if (agoMs === null || hint === null) return { recent: [], knownForMs: Math.min(value.knownForMs, agoMs ?? 0) };
    recent.push({ agoMs, hint });
  }
  return { recent, knownForMs: value.knownForMs };
}

function isAge(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}
