import { createInterface } from 'node:readline';
import { translate } from '../../shared/locales/index.ts';
import { AppError } from '../errors.ts';

// The terminal of `npm run admin`, passed in so tests run the commands in-process with their own streams and answers.

export type CliResult = { code: number; out: string };

export type CliIo = {
  /** Data (an export to stdout) and the running report (an import's preview). */
  stdout: NodeJS.WritableStream;
  /** Progress bars and prompts, so `export > file.json` stays valid JSON. */
  stderr: NodeJS.WritableStream;
  /** Whether a person can answer: stdin and stderr are terminals. */
  isTTY: boolean;
  /** One line typed by the operator; `hidden` echoes nothing (secrets). */
  ask: (question: string, options?: { hidden?: boolean }) => Promise<string>;
  /** Everything piped into stdin (for `accounts add --stdin`). */
  readStdin: () => Promise<string>;
};

function askOnTerminal(question: string, options: { hidden?: boolean } = {}): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  if (options.hidden) {
    // readline echoes each key through _writeToOutput: print the question, swallow the typing.
    const muted = rl as unknown as { _writeToOutput: (text: string) => void };
    muted._writeToOutput = (text: string) => {
      if (text.includes(question)) process.stderr.write(question);
    };
  }
  return new Promise((resolve) => {
    let answered = false;
    rl.question(question, (answer) => {
      answered = true;
      if (options.hidden) process.stderr.write('\n');
      rl.close();
      resolve(answer);
    });
    // Ctrl-C or Ctrl-D answers "no" (an empty line): without this, readline would pause and the command hang.
    rl.on('SIGINT', () => rl.close());
    rl.on('close', () => {
      if (answered) return;
      process.stderr.write('\n');
      resolve('');
    });
  });
}

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The real terminal. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    isTTY: Boolean(process.stdin.isTTY && process.stderr.isTTY),
    ask: askOnTerminal,
    readStdin: readAllStdin,
  };
}

/** An AppError in English and in Chinese (the spec's wording, e.g. "invalid data format · 无效的数据格式"). */
export function describeAppError(error: AppError): string {
  const en = translate('en', `errors.${error.code}`, error.params);
  const zh = translate('zh', `errors.${error.code}`, error.params);
  return en === zh ? en : `${en} · ${zh}`;
}

/** Any failure as exit code 1 and one readable message (a held data directory included: DataDirLockedError). */
export function toFailure(error: unknown): CliResult {
  if (error instanceof AppError) return { code: 1, out: describeAppError(error) };
  return { code: 1, out: error instanceof Error ? error.message : String(error) };
}

/** Writes a chunk and waits while the stream's buffer is full (an export of 10,000 projects is ~15 MB). */
export async function writeChunk(stream: NodeJS.WritableStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
}

/** Left-aligned columns under a header row; numbers right-aligned. */
export function formatTable(header: string[], rows: (string | number)[][]): string {
  const cells = [
    header,
    ...rows.map((row) => row.map((cell) => (typeof cell === 'number' ? cell.toLocaleString('en-US') : cell))),
  ];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => String(row[i] ?? '').length)));
  return cells
    .map((row, r) =>
      row
        .map((cell, i) => {
          const isNumber = r > 0 && typeof rows[r - 1]?.[i] === 'number';
          return isNumber ? String(cell).padStart(widths[i]!) : String(cell).padEnd(widths[i]!);
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
