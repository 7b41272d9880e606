import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

// A zip written as it goes (yazl streams each entry, so an entry is never held whole): entries are added one after
// the other; an entry's writer streams into it with backpressure and ends it.

export class ZipOutput {
  private readonly zip = new yazl.ZipFile();
  private readonly done: Promise<void>;
  private readonly mtime: Date;

  constructor(out: Writable, mtime: Date) {
    this.mtime = mtime;
    this.done = pipeline(this.zip.outputStream, out);
    // Observed in end(); a failure before that is reported by the entry writer that hit it.
    this.done.catch(() => undefined);
  }

  /** Adds an entry and lets `write` stream into it; `write` must end the stream it is given. */
  async addStreamed<T>(name: string, write: (entry: Writable) => Promise<T>): Promise<T> {
    const entry = new PassThrough({ highWaterMark: 64 * 1024 });
    this.zip.addReadStream(entry, name, { mtime: this.mtime });
    return write(entry);
  }

  addBuffer(name: string, content: Buffer): void {
    this.zip.addBuffer(content, name, { mtime: this.mtime });
  }

  /** Writes the central directory and resolves once `out` has finished. */
  async end(): Promise<void> {
    this.zip.end();
    await this.done;
  }
}
