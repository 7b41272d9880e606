// npm start: build the web app and the server if either is missing or older than its sources, then run the built
// server (which migrates the database and loads the built-in catalogue into an empty one).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { buildServer, newestMtime, SERVER_ENTRY, serverBuildIsStale } from './build-server.mjs';

const built = 'dist/web/index.html';
const stale =
  !existsSync(built) ||
  newestMtime('src/web') > statSync(built).mtimeMs ||
  newestMtime('src/shared') > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web app (first start or sources changed)…');
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (serverBuildIsStale()) await buildServer();
const server = spawnSync(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { stdio: 'inherit' });
process.exit(server.status ?? 0);
