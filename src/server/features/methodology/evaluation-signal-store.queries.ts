import { sql } from 'drizzle-orm';
import { bulkInsert } from '../../db/bulk-insert.ts';
import { bulkSelect } from '../../db/bulk-select.ts';
import type { Db } from '../../db/client.ts';
import { escapeLiteral } from '../../db/sql-literal.ts';
import { type OnBatch, POSITIONS, streamRows, textArray } from './evaluation-inputs.queries.ts';

// The SQL of the evaluation's signal store (migration 0054): per signal and day one float4 array indexed by project
// slot. Bytes travel by binary COPY both ways (~400 kB an array at 10⁵ projects).

/** One stored day of one signal: `series[slot]` for slots below `slots` (NaN: no value); null when none has one. */
export type StoredSeries = { signal: string; day: string; slots: number; series: Float32Array | null };

const dayList = (days: readonly string[]) => `ARRAY[${days.map((d) => escapeLiteral(d)).join(',')}]::date[]`;

/** Takes the store's turn until the transaction ends (two writers would rebuild the same days at once). */
export async function lockSignalStore(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727017, hashtext('evaluation-signal-store'))`);
}

/** Forgets the stored arrays of `days` (every day with 'all'). */
export async function deleteStoredDays(db: Db, days: readonly string[] | 'all'): Promise<void> {
  if (days === 'all') {
    await db.execute(sql`DELETE FROM evaluation_signal_days`);
    return;
  }
  if (days.length === 0) return;
  await db.execute(sql.raw(`DELETE FROM evaluation_signal_days WHERE day = ANY(${dayList(days)})`));
}

/** Forgets the stored arrays of the days before `day` (out of every window the daily runs extend). */
export async function deleteStoredDaysBefore(db: Db, day: string): Promise<void> {
  await db.execute(sql`DELETE FROM evaluation_signal_days WHERE day < ${day}::date`);
}

/** Numbers `ids` 0, 1, … in the order given, forgetting every previous slot. */
export async function replaceProjectSlots(db: Db, ids: readonly string[]): Promise<void> {
  await db.execute(sql`DELETE FROM evaluation_project_slots`);
  await bulkInsert(
    db,
    'evaluation_project_slots',
    [
      { name: 'project_id', type: 'text' },
      { name: 'slot', type: 'int4' },
    ],
    ids.map((id, slot) => [id, slot]),
  );
}

/** Gives every project without a slot the next ones (in id order); returns the slot count (largest + 1). */
export async function assignProjectSlots(db: Db): Promise<number> {
  await db.execute(sql`
    INSERT INTO evaluation_project_slots (project_id, slot)
    SELECT p.id, (SELECT coalesce(max(slot), -1) FROM evaluation_project_slots) + row_number() OVER (ORDER BY p.id)
    FROM projects p
    WHERE NOT EXISTS (SELECT 1 FROM evaluation_project_slots s WHERE s.project_id = p.id)`);
  const [row] = await bulkSelect(db, `SELECT coalesce(max(slot) + 1, 0)::int4 FROM evaluation_project_slots`, ['int4']);
  return (row?.[0] as number | undefined) ?? 0;
}

/** The days of `days` the store holds (every signal of a day is written and deleted together). */
export async function selectStoredDays(db: Db, days: readonly string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await bulkSelect(
    db,
    `SELECT DISTINCT day::text FROM evaluation_signal_days WHERE day = ANY(${dayList(days)})`,
    ['text'],
  );
  return new Set(rows.map((r) => r[0] as string));
}

/**
 * Streams the values of `signals` on `days` from daily_signals for the projects with a slot, as columns: slot, signal
 * as its position in `signals` from 0, day number since 1970-01-01, value. `signals` must be among the ones
 * daily_signals_evaluation_day_idx covers, so PostgreSQL reads the days by it.
 */
export function streamSignalDayValues(
  db: Db,
  signals: readonly string[],
  days: readonly string[],
  onBatch: OnBatch,
): Promise<void> {
  return streamRows(
    db,
    `SELECT s.slot, (array_position(${textArray(signals)}, d.signal) - 1)::int4, (d.day - DATE '1970-01-01')::int4,
       d.value
     FROM daily_signals d JOIN evaluation_project_slots s ON s.project_id = d.project_id
     WHERE d.signal = ANY(${textArray(signals)}) AND d.day = ANY(${dayList(days)})`,
    ['int4', 'int4', 'int4', 'float8'],
    onBatch,
  );
}

/** Each current project's slot by its position in selectEvaluationProjects' order (-1: none yet). */
export async function selectSlotsByPosition(db: Db, projects: number): Promise<Int32Array> {
  const slots = new Int32Array(projects).fill(-1);
  await streamRows(
    db,
    `SELECT pp.position, s.slot FROM ${POSITIONS} pp JOIN evaluation_project_slots s ON s.project_id = pp.id`,
    ['int4', 'int4'],
    ({ columns, rows }) => {
      const [position, slot] = columns as [Float64Array, Float64Array];
      for (let i = 0; i < rows; i++) {
        const p = position[i] as number;
        if (p < projects) slots[p] = slot[i] as number;
      }
    },
  );
  return slots;
}

/** Stores arrays (several COPY statements: call it in a transaction). */
export async function insertStoredSeries(db: Db, rows: readonly StoredSeries[]): Promise<void> {
  await bulkInsert(
    db,
    'evaluation_signal_days',
    [
      { name: 'signal', type: 'text' },
      { name: 'day', type: 'date' },
      { name: 'slots', type: 'int4' },
      { name: 'series', type: 'bytea' },
    ],
    rows.map((r) => [r.signal, r.day, r.slots, r.series ? toFloat4Bytes(r.series) : null]),
    16, // ~6 MB a statement at 10⁵ projects
  );
}

/** The stored arrays of `signals` on `days`, in day order. */
export async function selectStoredSeries(
  db: Db,
  signals: readonly string[],
  days: readonly string[],
): Promise<StoredSeries[]> {
  if (signals.length === 0 || days.length === 0) return [];
  const rows = await bulkSelect(
    db,
    `SELECT signal, day::text, slots, series FROM evaluation_signal_days
     WHERE signal = ANY(${textArray(signals)}) AND day = ANY(${dayList(days)}) ORDER BY day, signal`,
    ['text', 'text', 'int4', 'bytea'],
  );
  return rows.map(([signal, day, slots, series]) => ({
    signal: signal as string,
    day: day as string,
    slots: slots as number,
    series: series ? fromFloat4Bytes(series as Uint8Array) : null,
  }));
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** float4 values as little-endian bytes. */
function toFloat4Bytes(values: Float32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i] as number, true);
  return out;
}

/** Little-endian float4 bytes as a Float32Array of its own. */
function fromFloat4Bytes(bytes: Uint8Array): Float32Array {
  if (bytes.length % 4 !== 0) throw new Error(`evaluation_signal_days: ${bytes.length} bytes is no float4 array`);
  const out = new Float32Array(bytes.length / 4);
  if (LITTLE_ENDIAN) {
    new Uint8Array(out.buffer).set(bytes);
    return out;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
