/// <reference path="./fs-ext.d.ts" />
import {
  closeSync,
  fstatSync,
  ftruncateSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

// PGlite has no cross-process lock: two processes on one data directory silently lose writes. Whoever opens
// DATA_DIR holds an advisory flock() on this file for its lifetime. The kernel drops it when the process dies, however
// it dies, so a crash never leaves a lock behind. The JSON inside only names the holder for the error message.
// flock comes from the native addon fs-ext, an optional dependency: without a C++ toolchain (or where it does not
// build) npm skips it, and we fall back to a lock file that records the holder's pid and process start time.

export const LOCK_FILE_NAME = 'heatrank.lock';

/** `procStart`: field 22 of /proc/<pid>/stat (Linux), so a reused pid is not mistaken for the holder. */
export type LockInfo = {
  pid: number;
  procStart?: string;
  hostname: string;
  startedAt: string;
  role: string;
  port?: number;
};

export class DataDirLockedError extends Error {
  readonly holder: LockInfo;
  constructor(dataDir: string, holder: LockInfo) {
    const who = holder.role === 'server' ? 'the server is running' : `"${holder.role}" (pid ${holder.pid}) is running`;
    super(`${who} on this data directory (${resolve(dataDir)}, pid ${holder.pid}); stop it or use DATABASE_URL`);
    this.name = 'DataDirLockedError';
    this.holder = holder;
  }
}

export type DataDirLock = { path: string; info: LockInfo; fd: number; kind: 'flock' | 'pid'; release: () => void };

/** `flock: false` forces the pid fallback (tests; it is what runs when fs-ext is not installed). */
export type LockOptions = { flock?: boolean };

type FlockSync = typeof import('fs-ext').flockSync;
let loadedFlock: FlockSync | null | undefined;

/** fs-ext on first use, or null when the optional addon is missing or does not load on this Node. */
function flockOrNull(): FlockSync | null {
  if (loadedFlock === undefined) {
    try {
      loadedFlock = (createRequire(import.meta.url)('fs-ext') as typeof import('fs-ext')).flockSync;
    } catch {
      loadedFlock = null;
    }
  }
  return loadedFlock;
}

const UNKNOWN_HOLDER: LockInfo = { pid: 0, hostname: '?', startedAt: '', role: 'another process' };

function readLock(path: string): LockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
    return Number.isInteger(info?.pid) && info.pid > 0 ? info : undefined;
  } catch {
    return undefined; // being written by the holder right now, or damaged
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? '';

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

/** The process start time in clock ticks since boot (Linux), or undefined where /proc does not tell. */
export function processStartTime(pid: number | 'self'): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (comm) is in parentheses and may hold spaces or ')': count the fields after its last ')', from field 3.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
  } catch {
    return undefined;
  }
}

/** Takes the exclusive lock on `dataDir` or throws DataDirLockedError naming the live holder. */
export function acquireDataDirLock(dataDir: string, role: string, options: LockOptions = {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  const info: LockInfo = {
    pid: process.pid,
    procStart: processStartTime('self'),
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    role,
  };
  const flockSync = options.flock === false ? null : flockOrNull();
  const lock = flockSync ? acquireFlock(dataDir, path, info, flockSync) : acquirePidLock(dataDir, path, info);
  if (!lock) throw new Error(`could not take the lock on ${resolve(dataDir)}`);
  return lock;
}

function acquireFlock(dataDir: string, path: string, info: LockInfo, flockSync: FlockSync): DataDirLock | undefined {
  for (let attempt = 0; attempt < 3; attempt++) {
    const fd = openSync(path, 'a+');
    try {
      flockSync(fd, 'exnb');
    } catch (error) {
      closeSync(fd);
      if (!['EAGAIN', 'EWOULDBLOCK'].includes(errorCode(error))) throw error;
      throw new DataDirLockedError(dataDir, readLock(path) ?? UNKNOWN_HOLDER);
    }
    if (!stillLinked(fd, path)) {
      closeSync(fd);
      continue;
    }
    writeInfo(fd, info);
    return { path, info, fd, kind: 'flock', release: () => releaseFlock(path, fd) };
  }
  return undefined;
}

function releaseFlock(path: string, fd: number): void {
  // Unlink while still holding the lock, so nobody can lock this inode and then find it gone (see stillLinked).
  if (stillLinked(fd, path)) rmSync(path, { force: true });
  closeSync(fd);
}

/** Lock files this process holds through the pid fallback: our own pid in one of them is not a previous life. */
const heldHere = new Set<string>();

// A malformed lock file is stale only once it is this old. The exclusive create and the first write are two steps (and
// updateDataDirLock truncates before it writes), so a live starter's file is empty for a moment; one still malformed
// after this long was cut short by a crash or a power loss, or damaged by hand, and blocking forever would not help.
export const MALFORMED_LOCK_GRACE_MS = 10_000;

/** Whether the process named in the lock file may still be holding it (pid fallback only). */
function holderAlive(path: string, holder: LockInfo | undefined, mtimeMs: number): boolean {
  if (!holder) return Date.now() - mtimeMs < MALFORMED_LOCK_GRACE_MS;
  if (heldHere.has(path)) return true;
  if (holder.pid === process.pid) return false; // an earlier life of our pid: pid 1 in every container start
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if (errorCode(error) === 'ESRCH') return false; // EPERM: alive, owned by another user
  }
  const liveStart = processStartTime(holder.pid);
  return !(holder.procStart && liveStart && holder.procStart !== liveStart); // the pid was reused
}

function acquirePidLock(dataDir: string, path: string, info: LockInfo): DataDirLock | undefined {
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx'); // exclusive create: of two starters after a stale lock, one wins
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
      const found = statOrUndefined(path);
      if (!found) continue; // released in the meantime
      const holder = readLock(path);
      if (holderAlive(path, holder, found.mtimeMs)) throw new DataDirLockedError(dataDir, holder ?? UNKNOWN_HOLDER);
      removeStale(path, found.ino);
      continue;
    }
    writeInfo(fd, info);
    heldHere.add(path);
    return { path, info, fd, kind: 'pid', release: () => releasePidLock(path, fd) };
  }
  return undefined;
}

const statOrUndefined = (path: string) => {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
};

/**
 * Removes the stale lock file with inode `staleIno`, and only that one: another starter may have removed it and
 * created its own lock since we judged it. Renaming moves whatever is there aside atomically; if that was not the stale
 * file, it goes back (a hard link keeps its inode, so its holder still recognises it) and the next attempt finds it held.
 */
function removeStale(path: string, staleIno: number): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  try {
    if (statSync(aside).ino !== staleIno) restore(aside, path);
  } finally {
    rmSync(aside, { force: true });
  }
}

function restore(aside: string, path: string): void {
  try {
    linkSync(aside, path);
  } catch {
    // A third starter created `path` while it was aside, so two believe they hold the lock. That takes three starters
    // within microseconds of a stale lock (a kernel flock has no such window), which this fallback accepts.
  }
}

function releasePidLock(path: string, fd: number): void {
  heldHere.delete(path);
  if (stillLinked(fd, path)) rmSync(path, { force: true }); // only if it is still ours
  closeSync(fd);
}

/** Records extra facts (e.g. the port) in our own lock so a CLI can tell the user where the server is. */
export function updateDataDirLock(lock: DataDirLock, extra: Partial<LockInfo>): void {
  Object.assign(lock.info, extra);
  writeInfo(lock.fd, lock.info);
}
