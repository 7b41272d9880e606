/** A column of a bulk insert: its name and SQL type (one of ENCODERS' keys, e.g. 'float8', 'real[]'). */
export type BulkColumn = { name: string; type: string };
/** A cell: text, number, boolean, a number or text array (for array columns), a time, bytes (bytea), or null. */
export type BulkValue = string | number | boolean | readonly number[] | readonly string[] | Date | Uint8Array | null;

// PostgreSQL's binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.4): no text
// to parse on either side. On PGlite the server's float and array parsers run in WASM; binary input skips them.

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // "PGCOPY\n\377\r\n\0"
const FLOAT4_OID = 700;
const TEXT_OID = 25;
const UTF8 = new TextEncoder();
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

type Encoder = (out: BinaryWriter, value: Exclude<BulkValue, null>) => void;

/**
 * A one-dimensional array's field length and header: ndim (0 when empty), has-nulls, element type, then (length,
 * lower bound); `elementBytes` is the size of the element fields that follow.
 */
function writeArrayHeader(out: BinaryWriter, elementOid: number, count: number, elementBytes: number): void {
  const dims = count === 0 ? 0 : 1;
  out.int32(12 + dims * 8 + elementBytes);
  out.int32(dims);
  out.int32(0);
  out.int32(elementOid);
  if (dims === 1) {
    out.int32(count);
    out.int32(1);
  }
}

const ENCODERS: Record<string, Encoder> = {
  text: (out, v) => out.text(String(v)),
  float8: (out, v) => {
    out.int32(8);
    out.float64(v as number);
  },
  float4: (out, v) => {
    out.int32(4);
    out.float32(v as number);
  },
  int4: (out, v) => {
    out.int32(4);
    out.int32(v as number);
  },
  bigint: (out, v) => {
    out.int32(8);
    out.bigint64(BigInt(v as number));
  },
  boolean: (out, v) => {
    out.int32(1);
    out.byte(v ? 1 : 0);
  },
  // A 'YYYY-MM-DD' UTC day: days since 2000-01-01.
  date: (out, v) => {
    out.int32(4);
    out.int32(Math.round((Date.parse(`${v as string}T00:00:00Z`) - POSTGRES_EPOCH_MS) / 86_400_000));
  },
  timestamptz: (out, v) => {
    out.int32(8);
    out.bigint64(BigInt(Math.round(((v as Date).getTime() - POSTGRES_EPOCH_MS) * 1000)));
  },
  bytea: (out, v) => {
    const bytes = v as Uint8Array;
    out.int32(bytes.length);
    out.bytes(bytes);
  },
  'real[]': (out, v) => {
    const values = v as readonly number[];
    // Each element a (4, float4) field.
    writeArrayHeader(out, FLOAT4_OID, values.length, values.length * 8);
    for (const x of values) {
      out.int32(4);
      out.float32(x);
    }
  },
  'text[]': (out, v) => {
    // Each element a (length, UTF-8 bytes) field; no null elements.
    const values = (v as readonly string[]).map((x) => UTF8.encode(x));
    const elementBytes = values.reduce((sum, x) => sum + 4 + x.length, 0);
    writeArrayHeader(out, TEXT_OID, values.length, elementBytes);
    for (const x of values) {
      out.int32(x.length);
      out.bytes(x);
    }
  },
};

/** Rows in binary COPY format, ready for COPY … FROM … WITH (FORMAT binary). */
export function toBinaryCopy(rows: readonly (readonly BulkValue[])[], columns: readonly BulkColumn[]): Uint8Array {
  const encoders = columns.map((c) => {
    const encoder = ENCODERS[c.type];
    if (!encoder) throw new Error(`bulkInsert: no binary encoder for column ${c.name} of type ${c.type}`);
    return encoder;
  });
  const out = new BinaryWriter(rows.length * 64 + 64);
  for (const b of SIGNATURE) out.byte(b);
  out.int32(0); // flags
  out.int32(0); // header extension length
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as readonly BulkValue[];
    if (row.length !== encoders.length) {
      throw new Error(`bulkInsert: row ${i} has ${row.length} cells, expected ${encoders.length}`);
    }
    out.int16(encoders.length);
    for (let j = 0; j < encoders.length; j++) {
      const value = row[j] ?? null;
      if (value === null) out.int32(-1);
      else (encoders[j] as Encoder)(out, value);
    }
  }
  out.int16(-1); // trailer
  return out.finish();
}

/** A growable big-endian byte buffer. */
class BinaryWriter {
  private buffer: Uint8Array;
  private view: DataView;
  private at = 0;
  private readonly utf8 = new TextEncoder();

  constructor(capacity: number) {
    this.buffer = new Uint8Array(capacity);
    this.view = new DataView(this.buffer.buffer);
  }

  private ensure(bytes: number) {
    if (this.at + bytes <= this.buffer.length) return;
    const next = new Uint8Array(Math.max(this.buffer.length * 2, this.at + bytes));
    next.set(this.buffer.subarray(0, this.at));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  byte(value: number) {
    this.ensure(1);
    this.buffer[this.at++] = value;
  }
  int16(value: number) {
    this.ensure(2);
    this.view.setInt16(this.at, value);
    this.at += 2;
  }
  int32(value: number) {
    this.ensure(4);
    this.view.setInt32(this.at, value);
    this.at += 4;
  }
  float32(value: number) {
    this.ensure(4);
    this.view.setFloat32(this.at, value);
    this.at += 4;
  }
  float64(value: number) {
    this.ensure(8);
    this.view.setFloat64(this.at, value);
    this.at += 8;
  }
  bigint64(value: bigint) {
    this.ensure(8);
    this.view.setBigInt64(this.at, value);
    this.at += 8;
  }
  bytes(value: Uint8Array) {
    this.ensure(value.length);
    this.buffer.set(value, this.at);
    this.at += value.length;
  }
  /** A length-prefixed UTF-8 field. */
  text(value: string) {
    this.ensure(4 + value.length * 3);
    const { written } = this.utf8.encodeInto(value, this.buffer.subarray(this.at + 4));
    this.view.setInt32(this.at, written);
    this.at += 4 + written;
  }

  finish(): Uint8Array {
    return this.buffer.subarray(0, this.at);
  }
}
