import { Writable } from 'node:stream';

/** A logger stream for tests: every line the app logs, in order, to read back after the requests. */
export function captureLogLines(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}
