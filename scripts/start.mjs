// npm start: build the web app if it is missing or older than its sources, then run the server
// (which migrates the database and loads the built-in catalogue into an empty one).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

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
const server = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
process.exit(server.status ?? 0);
