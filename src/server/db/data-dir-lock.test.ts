import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { seedPgliteDataDir } from '../test/pglite-template.ts';
import { createDb } from './client.ts';
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_FILE_NAME,
  MALFORMED_LOCK_GRACE_MS,
  processStartTime,
} from './data-dir-lock.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'heatrank-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs a second Node process that tries to open the same data directory, as a CLI command would. */
function openFromAnotherProcess(dataDir: string) {
  const script = `
    import { createDb } from './src/server/db/client.ts';
    try { const h = await createDb({ DATA_DIR: ${JSON.stringify(dataDir)} }, { role: 'cli', migrate: false }); await h.close(); console.log('opened'); }
    catch (e) { console.log(e.message); process.exit(3); }`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 100_000,
  });
}

// Each case boots a second Node process with PGlite: seconds on an idle machine, much more under a parallel suite.
describe('data directory lock', { timeout: 120_000 }, () => {
  test('a second process cannot open a data directory the server holds, and says why', async () => {
    const dir = freshDir();
    await seedPgliteDataDir(dir);
    const server = await createDb(loadConfig({ DATA_DIR: dir }), { role: 'server' });

    const second = openFromAnotherProcess(dir);

    expect(second.status).toBe(3);
    expect(second.stdout).toContain('the server is running on this data directory');
    expect(second.stdout).toContain('stop it or use DATABASE_URL');
    await server.close();
  });

  test('the lock is released on close, so the next process can open the directory', async () => {
    const dir = freshDir();
    await seedPgliteDataDir(dir);
    const first = await createDb(loadConfig({ DATA_DIR: dir }), { role: 'server' });
    await first.close();

    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    expect(openFromAnotherProcess(dir).stdout).toContain('opened');
  });

  test('a stale lock left by a dead process is taken over', () => {
    const dir = freshDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid ?? 999_999;
    writeFileSync(
      join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: dead, hostname: hostname(), startedAt: '', role: 'server' }),
    );

    const lock = acquireDataDirLock(dir, 'server');

    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  test('a live holder in this process is refused too (no double open)', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir, 'server');

    expect(() => acquireDataDirLock(dir, 'recompute')).toThrow(DataDirLockedError);
    lock.release();
  });
});

const LOCK_MODULE = new URL('./data-dir-lock.ts', import.meta.url).pathname;

/** Node code that takes the lock on `dataDir`, says "locked <pid> <kind>" and then waits to be killed. */
const holdLockScript = (dataDir: string, options = {}) => `
  import { acquireDataDirLock } from ${JSON.stringify(LOCK_MODULE)};
  try {
    const lock = acquireDataDirLock(${JSON.stringify(dataDir)}, 'server', ${JSON.stringify(options)});
    console.log('locked', process.pid, lock.kind);
  }
  catch (e) { console.log(e.message); process.exit(3); }
  setInterval(() => {}, 1000);`;

function startHolder(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const said = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('exit', (code) => reject(new Error(`holder exited (${code}): ${out}`)));
  });
  return { child, said };
}

const killHard = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

const nodeArgs = (dataDir: string, options = {}) => [
  '--import',
  'tsx',
  '--input-type=module',
  '-e',
  holdLockScript(dataDir, options),
];
const canUnshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

describe('data directory lock held by the kernel', { timeout: 60_000 }, () => {
  test('a live process holding the lock refuses the next one; after kill -9 the next one starts', async () => {
    const dir = freshDir();
    const holder = startHolder(process.execPath, nodeArgs(dir));
    expect(await holder.said).toMatch(/^locked \d+ flock$/);

    expect(() => acquireDataDirLock(dir, 'server')).toThrow(/the server is running on this data directory/);

    await killHard(holder.child);
    const lock = acquireDataDirLock(dir, 'server');
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  test('a lock file naming our own pid, left by an earlier life of this pid, is stale', () => {
    // In a container the server is pid 1 every time: after an OOM kill the file names the new process itself.
    const dir = freshDir();
    writeFileSync(
      join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: '', role: 'server' }),
    );

    const lock = acquireDataDirLock(dir, 'server');

    expect(lock.info.pid).toBe(process.pid);
    lock.release();
  });

  test.skipIf(!canUnshare)('as pid 1 in a pid namespace, a restart after kill -9 takes the lock', async () => {
    const dir = freshDir();
    const asPid1 = () =>
      startHolder('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', process.execPath, ...nodeArgs(dir)]);

    const first = asPid1();
    expect(await first.said).toBe('locked 1 flock');
    await killHard(first.child); // --kill-child: the node process inside dies with unshare, as on an OOM kill

    const second = asPid1();
    expect(await second.said).toBe('locked 1 flock');
    await killHard(second.child);
  });
});

const writeLockFile = (dir: string, content: object | string) =>
  writeFileSync(join(dir, LOCK_FILE_NAME), typeof content === 'string' ? content : JSON.stringify(content));
const holderInfo = (pid: number, procStart?: string) => ({
  pid,
  procStart,
  hostname: hostname(),
  startedAt: '',
  role: 'server',
});
const PID_LOCK = { flock: false } as const;
const hasProcStat = processStartTime('self') !== undefined;

// Where fs-ext did not build (no C++ toolchain, Windows) the lock is a file naming the holder's pid and start time.
describe('data directory lock without flock (pid and start time)', { timeout: 60_000 }, () => {
  test('without fs-ext installed, the lock falls back to the pid file instead of failing', async () => {
    const dir = freshDir();
    // Makes fs-ext unresolvable, as when npm skipped the optional dependency: both for require() (the lazy load) and
    // for import (so the same test fails on a module that imports fs-ext statically).
    const hide = join(dir, 'hide-fs-ext.mjs');
    writeFileSync(
      hide,
      `import Module, { register } from 'node:module';
       const missing = () => Object.assign(new Error('Cannot find module fs-ext'), { code: 'MODULE_NOT_FOUND' });
       const resolve = Module._resolveFilename;
       Module._resolveFilename = function (request, ...rest) {
         if (request === 'fs-ext') throw missing();
         return resolve.call(this, request, ...rest);
       };
       register('data:text/javascript,' + encodeURIComponent(\`export async function resolve(s, c, next) {
         if (s === 'fs-ext') throw Object.assign(new Error('Cannot find package fs-ext'), { code: 'ERR_MODULE_NOT_FOUND' });
         return next(s, c);
       }\`));`,
    );
    const holder = startHolder(process.execPath, ['--import', hide, ...nodeArgs(join(dir, 'data'))]);

    expect(await holder.said).toMatch(/^locked \d+ pid$/);
    await killHard(holder.child);
  });

  test('a live process holding the lock refuses the next one; after kill -9 the next one starts', async () => {
    const dir = freshDir();
    const holder = startHolder(process.execPath, nodeArgs(dir, PID_LOCK));
    expect(await holder.said).toMatch(/^locked \d+ pid$/);

    expect(() => acquireDataDirLock(dir, 'server', PID_LOCK)).toThrow(/the server is running on this data directory/);

    await killHard(holder.child);
    const lock = acquireDataDirLock(dir, 'server', PID_LOCK);
    expect(lock.kind).toBe('pid');
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  test('a live holder in this process is refused too (no double open)', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir, 'server', PID_LOCK);

    expect(() => acquireDataDirLock(dir, 'recompute', PID_LOCK)).toThrow(DataDirLockedError);
    lock.release();
  });

  test('a lock file naming our own pid, left by an earlier life of this pid, is stale', () => {
    const dir = freshDir();
    writeLockFile(dir, holderInfo(process.pid, processStartTime('self')));

    const lock = acquireDataDirLock(dir, 'server', PID_LOCK);

    expect(lock.info.pid).toBe(process.pid);
    lock.release();
  });

  test.skipIf(!hasProcStat)('a live pid with another start time is a reused pid: the lock is stale', () => {
    const dir = freshDir();
    const parentStart = processStartTime(process.ppid);
    writeLockFile(dir, holderInfo(process.ppid, parentStart));
    expect(() => acquireDataDirLock(dir, 'server', PID_LOCK)).toThrow(DataDirLockedError); // same start: held

    writeLockFile(dir, holderInfo(process.ppid, `${parentStart}0`));
    const lock = acquireDataDirLock(dir, 'server', PID_LOCK);

    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, role: 'server' });
    lock.release();
  });

  // A malformed file is stale only once it is older than a grace period: a live starter creates the file and writes
  // it in two steps, so it is empty for a moment, and taking it over then would let both run. Older than that it was
  // cut short by a crash or a power loss (or damaged by hand), and refusing forever would be a crash loop again.
  test('a malformed lock file is held while fresh and stale once older than the grace period', () => {
    const dir = freshDir();
    writeLockFile(dir, '{"pid": 12');
    expect(() => acquireDataDirLock(dir, 'server', PID_LOCK)).toThrow(/"another process" \(pid 0\) is running/);

    const old = (Date.now() - MALFORMED_LOCK_GRACE_MS - 1000) / 1000;
    utimesSync(join(dir, LOCK_FILE_NAME), old, old);
    const lock = acquireDataDirLock(dir, 'server', PID_LOCK);

    expect(lock.info.pid).toBe(process.pid);
    lock.release();
  });

  test('release leaves a lock file that is no longer ours', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir, 'server', PID_LOCK);
    rmSync(lock.path);
    writeLockFile(dir, holderInfo(process.ppid));

    lock.release();

    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.ppid);
  });

  test.skipIf(!canUnshare)('as pid 1 in a pid namespace, a restart after kill -9 takes the lock', async () => {
    const dir = freshDir();
    const asPid1 = () =>
      startHolder('unshare', [
        '--pid',
        '--fork',
        '--mount-proc',
        '--kill-child',
        process.execPath,
        ...nodeArgs(dir, PID_LOCK),
      ]);

    const first = asPid1();
    expect(await first.said).toBe('locked 1 pid');
    await killHard(first.child);

    const second = asPid1();
    expect(await second.said).toBe('locked 1 pid');
    await killHard(second.child);
  });
});
