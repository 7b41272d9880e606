// npm start: build the web app and the server if either is missing or older than its sources, then run the built
// server (which migrates the database and loads the built-in catalogue into an empty one).
// `node scripts/start.mjs --no-build` runs the existing build as it is (an image built beforehand, a read-only tree).
//
// The server runs as a child process. SIGTERM, SIGINT and SIGHUP sent to this wrapper are forwarded to it, and the
// wrapper exits with its exit code once it has stopped, so `docker stop`, systemd or Ctrl-C stop the server and never
// leave it running without a parent (issue 34). While a build runs, a signal stops the build and the wrapper.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { buildServer, newestMtime, SERVER_ENTRY, serverBuildIsStale } from './build-server.mjs';

const FORWARDED = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** Runs a command with inherited stdio, forwarding signals; resolves with the exit code (128 + n when killed by n). */
function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    const forward = (signal) => child.kill(signal);
    for (const signal of FORWARDED) process.on(signal, forward);
    // `npm start` runs this file through `sh -c`, and a SIGTERM to npm ends that shell without passing the signal on:
    // this wrapper is then re-parented. Losing the parent counts as a SIGTERM, so the server never runs orphaned.
    const parent = process.ppid;
    const watchParent = setInterval(() => {
      if (process.ppid !== parent) {
        clearInterval(watchParent);
        forward('SIGTERM');
      }
    }, 500);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearInterval(watchParent);
      for (const name of FORWARDED) process.off(name, forward);
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

if (!process.argv.includes('--no-build')) {
  const built = 'dist/web/index.html';
  const stale =
    !existsSync(built) ||
    newestMtime('src/web') > statSync(built).mtimeMs ||
    newestMtime('src/shared') > statSync(built).mtimeMs;
  if (stale) {
    console.log('Building the web app (first start or sources changed)…');
    const code = await run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
    if (code !== 0) process.exit(code);
  }
  if (serverBuildIsStale()) await buildServer();
}
process.exit(await run(['--enable-source-maps', SERVER_ENTRY]));
