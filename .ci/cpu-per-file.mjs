// A vitest setup file for CI's log: the CPU time of each test file — its worker's own and that of the processes the
// file started and ended (chromium, servers, CLIs), read from /proc — handed to .ci/file-times-reporter.mjs through
// the file's meta. Wall times mean little on a shared 2-core machine; CPU seconds add up the same whatever the load.
// Only processes the worker reaps count: most of chromium's renderer CPU escapes this figure (a browser run whose
// files reported ~40 % of the machine kept both cores fully busy by /proc/stat): for browser files it is a lower bound.
// Setup-file hooks wrap the file's own: the afterAll here runs after the file's, once its browser has been reaped.
import { readFileSync } from 'node:fs';
import { afterAll } from 'vitest';

const TICKS_PER_SECOND = 100;

/** utime + stime (own) and cutime + cstime (reaped children) of this process, in seconds. */
function cpuSeconds() {
  try {
    // Fields after the ")" that closes the command name: state is field 3, utime field 14 … cstime field 17.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return { own: (utime + stime) / TICKS_PER_SECOND, children: (cutime + cstime) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

// From where the worker's previous file ended (or the worker's start): a file's share includes importing it and, for
// the first file of a worker, starting the worker — so the files' figures add up to the workers' CPU.
const ZERO = { own: 0, children: 0 };
const start = globalThis.__ciCpuAfterLastFile ?? ZERO;
// biome-ignore lint/correctness/noEmptyPattern: vitest reads a hook's first parameter as a fixture pattern.
afterAll(({}, file) => {
  const end = cpuSeconds();
  if (!end) return;
  globalThis.__ciCpuAfterLastFile = end;
  file.meta.cpu = { own: end.own - start.own, children: end.children - start.children };
});
