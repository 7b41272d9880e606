import { Readable, Writable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { insertChunk, selectChunkAfter } from './exports.queries.ts';

// An export's file lives in the database (export_chunks), in chunks of at most EXPORT_CHUNK_BYTES: every instance on
// one PostgreSQL serves every download, and neither writing nor reading holds more than a chunk or two in memory.

/** 256 KiB: few rows per file, small enough that a chunk in flight costs nothing. */
export const EXPORT_CHUNK_BYTES = 256 * 1024;

export type ChunkSink = { stream: Writable; bytes: () => number };

/**
 * A Writable that stores what a writer streams into it as chunk rows, one INSERT per full chunk; a write resolves
 * only after its chunk is stored, so a fast writer waits for the database (backpressure) instead of piling up bytes.
 */
export function openChunkSink(db: Db, exportId: string): ChunkSink {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let total = 0;
  const flush = async (all: boolean) => {
    while (pendingBytes >= EXPORT_CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const chunk = joined.subarray(0, EXPORT_CHUNK_BYTES);
      const rest = joined.subarray(chunk.length);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
      await insertChunk(db, exportId, seq, Buffer.from(chunk));
      seq += 1;
    }
  };
  const stream = new Writable({
    write(data: Buffer | string, encoding, callback) {
      const buffer = typeof data === 'string' ? Buffer.from(data, encoding) : data;
      pending.push(buffer);
      pendingBytes += buffer.length;
      total += buffer.length;
      if (pendingBytes < EXPORT_CHUNK_BYTES) return callback();
      flush(false).then(() => callback(), callback);
    },
    final(callback) {
      flush(true).then(() => callback(), callback);
    },
  });
  return { stream, bytes: () => total };
}

/** The stored file as a stream, read one chunk row at a time. */
export function readChunks(db: Db, exportId: string): Readable {
  async function* chunks() {
    let seq = -1;
    for (;;) {
      const row = await selectChunkAfter(db, exportId, seq);
      if (!row) return;
      seq = row.seq;
      yield row.data;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
