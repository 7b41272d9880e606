// A streaming decoder of PostgreSQL's binary COPY output for rows of numbers only (int4, float8): rows are decoded into
// reused column buffers, a batch per received piece, so reading 10⁷ rows allocates nothing per row.

export type NumericCopyType = 'int4' | 'float8';

/** Decoded rows: `columns[c][i]` is column c of row i < `rows` (NaN for NULL). Valid only during the callback. */
export type NumericBatch = { columns: Float64Array[]; rows: number };

const HEADER_BYTES = 19; // 11-byte signature, flags, header-extension length

/**
 * A decoder fed with `push(piece)` in arrival order; each piece's complete rows go to `onBatch`. `end()` throws when
 * the trailer was not seen (a truncated stream). Throws on a row whose shape differs from `types`.
 */
export function createNumericCopyDecoder(types: readonly NumericCopyType[], onBatch: (batch: NumericBatch) => void) {
  const width = types.length;
  let capacity = 0;
  let columns: Float64Array[] = [];
  let pending: Uint8Array | null = null;
  let headerDone = false;
  let finished = false;

  const ensure = (rows: number) => {
    if (rows <= capacity) return;
    capacity = Math.max(rows, capacity * 2, 1024);
    columns = types.map(() => new Float64Array(capacity));
  };

  function push(piece: Uint8Array): void {
    if (finished) return;
    const bytes = pending ? concat(pending, piece) : piece;
    pending = null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 0;
    if (!headerDone) {
      if (bytes.length < HEADER_BYTES) {
        pending = bytes.slice();
        return;
      }
      at = HEADER_BYTES + view.getInt32(15);
      headerDone = true;
    }
    // Each row holds at least 2 + 4 bytes per field: enough room for the rows this piece can hold.
    ensure(Math.ceil((bytes.length - at) / (2 + 4 * width)) + 1);
    let rows = 0;
    for (;;) {
      if (at + 2 > bytes.length) break;
      const fields = view.getInt16(at);
      if (fields === -1) {
        finished = true;
        break;
      }
      if (fields !== width) throw new Error(`COPY row has ${fields} fields, expected ${width}`);
      let end = at + 2;
      let complete = true;
      for (let i = 0; i < width; i++) {
        if (end + 4 > bytes.length) {
          complete = false;
          break;
        }
        const length = view.getInt32(end);
        end += 4;
        const column = columns[i] as Float64Array;
        if (length === -1) column[rows] = Number.NaN;
        else if (end + length > bytes.length) {
          complete = false;
          break;
        } else column[rows] = types[i] === 'int4' ? view.getInt32(end) : view.getFloat64(end);
        if (length > 0) end += length;
      }
      if (!complete) break;
      at = end;
      rows++;
    }
    if (!finished && at < bytes.length) pending = bytes.slice(at);
    if (rows > 0) onBatch({ columns, rows });
  }

  function end(): void {
    if (!finished) throw new Error('COPY output ended without its trailer');
  }

  return { push, end };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
