/// <reference path="./fs-ext.d.ts" />
import {
  closeSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { flockSync } from 'fs-ext';

// PGlite has no cross-process lock: two processes on one data directory silently lose writes. Whoever opens
// DATA_DIR holds an advisory flock() on this file for its lifetime. The kernel drops it when the process dies, however
// it dies, so a crash never leaves a lock behind — a pid check could not tell a dead holder from a new process that
// got the same pid (pid 1 in every container start). The JSON inside only names the holder for the error message.

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

export type DataDirLock = { path: string; info: LockInfo; fd: number; release: () => void };

function readLock(path: string): LockInfo | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
  } catch {
    return undefined; // being written by the holder right now
  }
}

const isBusy = (error: unknown) => ['EAGAIN', 'EWOULDBLOCK'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The locked file is still the one at `path` (a releasing holder may have unlinked it after we opened it). */
function stillLinked(fd: number, path: string): boolean {
  try {
    return statSync(path).ino === fstatSync(fd).ino;
  } catch {
    return false;
  }
}

function writeInfo(fd: number, info: LockInfo): void {
  ftruncateSync(fd, 0);
  writeSync(fd, JSON.stringify(info), 0);
}

/** Takes the exclusive lock on `dataDir` or throws DataDirLockedError naming the live holder. */
export function acquireDataDirLock(dataDir: string, role: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  const info: LockInfo = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString(), role };
  for (let attempt = 0; attempt < 3; attempt++) {
    const fd = openSync(path, 'a+');
    try {
      flockSync(fd, 'exnb');
    } catch (error) {
      closeSync(fd);
      if (!isBusy(error)) throw error;
      const holder = readLock(path) ?? { pid: 0, hostname: '?', startedAt: '', role: 'another process' };
      throw new DataDirLockedError(dataDir, holder);
    }
    if (!stillLinked(fd, path)) {
      closeSync(fd);
      continue;
    }
    writeInfo(fd, info);
    return { path, info, fd, release: () => release(path, fd) };
  }
  throw new Error(`could not take the lock on ${resolve(dataDir)}`);
}

/** Records extra facts (e.g. the port) in our own lock so a CLI can tell the user where the server is. */
export function updateDataDirLock(lock: DataDirLock, extra: Partial<LockInfo>): void {
  Object.assign(lock.info, extra);
  writeInfo(lock.fd, lock.info);
}

function release(path: string, fd: number): void {
  // Unlink while still holding the lock, so nobody can lock this inode and then find it gone (see stillLinked).
  if (stillLinked(fd, path)) rmSync(path, { force: true });
  closeSync(fd);
}
