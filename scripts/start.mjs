// npm start: build the web app and the server if either is missing or older than its sources, then run the built
// server (which migrates the database and loads the built-in catalogue into an empty one).
// `node scripts/start.mjs --no-build` runs the existing build as it is (an image built beforehand, a read-only tree).
//
// The server runs as a child process. SIGTERM, SIGINT and SIGHUP sent to this wrapper are forwarded to it, and the
// wrapper exits with its exit code once it has stopped, so `docker stop`, systemd or Ctrl-C stop the server and never
// leave it running without a parent. While a build runs, a signal stops the build and the wrapper.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
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
/**
 * The server's Node flags (scripts/server-node-args.json, which the benchmarks and the load run read too, so they
 * measure the process users run). A V8 heap bounded at 256 MB: unbounded, V8 on a large machine lets garbage pile up
 * to 375 MB of heap under load before a full collection (peak RSS 567–672 MB at 10,000 projects and 100 connections),
 * while the live heap is ~100 MB serving and ~190 MB at most in the start-up recompute of 100,000 projects
 * (docs/reliability.md, "Memory"). A `--max-old-space-size` or `--max-semi-space-size` in NODE_OPTIONS wins over these.
 */
function serverNodeArgs(nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const args = JSON.parse(readFileSync(new URL('./server-node-args.json', import.meta.url), 'utf8'));
  return args.filter((arg) => !nodeOptions.includes(arg.split('=')[0]));
}

process.exit(await run([...serverNodeArgs(), SERVER_ENTRY]));
