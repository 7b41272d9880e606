import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { runAdminCli } from '../cli/admin.ts';
import type { CliIo } from '../cli/cli-io.ts';
import { runIngestCli } from '../cli/ingest.ts';
import { runRecomputeCli } from '../cli/recompute.ts';
import { readEnvironment } from '../config.ts';

// The CLIs (recompute, admin import, ingest --backfill) exactly as operators run them, with one difference: their
// progress bars are written to stdout as "progress <bar>" lines, so kill-nine.test.ts knows the work is under way
// (a bar only draws on a terminal, hence the stream that says it is one) and can kill -9 in the middle of it.
//   node --import tsx src/server/reliability/crash-worker.ts recompute | import <file> | backfill <days>

// A progress bar's cursor codes (ESC [ … letter), stripped from the line.
const ANSI_CODES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

/** A stream that claims to be a terminal and turns each drawing of a progress bar into a "progress" line. */
function progressLines(): NodeJS.WritableStream {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const text = String(chunk).replace(ANSI_CODES, '').trim();
      if (text) process.stdout.write(`progress ${text}\n`);
      done();
    },
  });
  return Object.assign(stream, { isTTY: true, columns: 160 }) as unknown as NodeJS.WritableStream;
}

export async function runCrashWorker(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  const env = readEnvironment();
  const progress = progressLines();
  let result: { code: number; out: string };
  if (command === 'recompute') {
    result = await runRecomputeCli([], env, { progress });
  } else if (command === 'import' && arg) {
    const io: CliIo = {
      stdout: process.stdout,
      stderr: progress,
      isTTY: false,
      ask: async () => 'no',
      readStdin: async () => '',
    };
    result = await runAdminCli(['import', arg, '--mode', 'replace', '--yes'], env, io);
  } else if (command === 'backfill' && arg) {
    result = await runIngestCli(['--backfill', arg], env, { progress });
  } else {
    result = { code: 2, out: 'usage: crash-worker recompute | import <file> | backfill <days>' };
  }
  process.stdout.write(`done ${result.code} ${result.out.replaceAll('\n', ' | ')}\n`);
  return result.code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runCrashWorker(process.argv.slice(2));
}
