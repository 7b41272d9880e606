import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

// Writing with backpressure: every writer goes through these, so a slow disk or a slow download holds the database
// reader instead of growing a buffer.

/** Resolves when `out` can take more: at once, or after 'drain'; rejects when `out` errors or closes first. */
export async function waitForRoom(out: Writable): Promise<void> {
  if (!out.writableNeedDrain) return;
  if (out.destroyed) throw new Error('the export output closed before the export finished');
  const controller = new AbortController();
  try {
    await Promise.race([
      once(out, 'drain', { signal: controller.signal }),
      once(out, 'close', { signal: controller.signal }).then(() => {
        throw new Error('the export output closed before the export finished');
      }),
    ]);
  } finally {
    controller.abort();
  }
}

/** Writes one chunk and waits for 'drain' when `out` asked for it. */
export async function writeChunk(out: Writable, chunk: string | Buffer): Promise<void> {
  out.write(chunk);
  await waitForRoom(out);
}

/** Ends `out` and resolves once everything written has been flushed (rejects on a stream error). */
export async function endOutput(out: Writable): Promise<void> {
  out.end();
  await finished(out);
}

// ~64 KB per write: one write per row costs more in stream bookkeeping than in formatting.
const BATCH_CHARS = 64 * 1024;

/** Collects small strings and writes them in ~64 KB chunks with backpressure. */
export class BatchedWriter {
  private pending: string[] = [];
  private size = 0;
  private readonly out: Writable;

  constructor(out: Writable) {
    this.out = out;
  }

  async push(text: string): Promise<void> {
    this.pending.push(text);
    this.size += text.length;
    if (this.size >= BATCH_CHARS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const chunk = this.pending.join('');
    this.pending = [];
    this.size = 0;
    await writeChunk(this.out, chunk);
  }
}
