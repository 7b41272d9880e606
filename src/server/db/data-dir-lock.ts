import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

// PGlite has no cross-process lock: two processes on one data directory silently lose writes. Whoever opens
// DATA_DIR holds this lock file (O_EXCL create) for its lifetime; a lock whose pid is gone is stale and taken over.

export const LOCK_FILE_NAME = 'heatrank.lock';

export type LockInfo = { pid: number; hostname: string; startedAt: string; role: string; port?: number };

export class DataDirLockedError extends Error {
  readonly holder: LockInfo;
  constructor(dataDir: string, holder: LockInfo) {
    const who = holder.role === 'server' ? 'the server is running' : `"${holder.role}" (pid ${holder.pid}) is running`;
    super(`${who} on this data directory (${resolve(dataDir)}, pid ${holder.pid}); stop it or use DATABASE_URL`);
    this.name = 'DataDirLockedError';
    this.holder = holder;
  }
}

export type DataDirLock = { path: string; info: LockInfo; release: () => void };

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockInfo | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
  } catch {
    return undefined; // unreadable or half-written: treated as stale
  }
}

/** Takes the exclusive lock on `dataDir` or throws DataDirLockedError naming the live holder. */
export function acquireDataDirLock(dataDir: string, role: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  const info: LockInfo = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString(), role };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      return { path, info, release: () => releaseIfOurs(path) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(path);
      // A lock from another host cannot be checked, so it is respected.
      const stale = !holder || (holder.hostname === info.hostname && !isProcessAlive(holder.pid));
      if (!stale) throw new DataDirLockedError(dataDir, holder);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not take the lock on ${resolve(dataDir)}`);
}

/** Records extra facts (e.g. the port) in our own lock so a CLI can tell the user where the server is. */
export function updateDataDirLock(lock: DataDirLock, extra: Partial<LockInfo>): void {
  const holder = readLock(lock.path);
  if (holder?.pid !== process.pid) return;
  Object.assign(lock.info, extra);
  const fd = openSync(lock.path, 'w');
  writeSync(fd, JSON.stringify(lock.info));
  closeSync(fd);
}

function releaseIfOurs(path: string): void {
  if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
}
