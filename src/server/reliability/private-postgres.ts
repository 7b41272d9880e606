import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

// A throw-away PostgreSQL cluster of our own, for tests and scripts that restart or kill the database. The shared
// server on 127.0.0.1:5432 serves other sessions and is never restarted. PostgreSQL refuses to run as root, so as
// root the cluster belongs to the `postgres` user and every pg_ctl call runs through `su postgres`.

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: open connections are terminated, new ones refused until it is back. */
  restart: () => Promise<void>;
  /** `pg_ctl stop -m immediate` then start: the server is killed without a checkpoint (crash recovery on start). */
  crashRestart: () => Promise<void>;
  stop: () => Promise<void>;
};

/** The bin directory of the newest installed PostgreSQL, or undefined when none is installed. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

const asRoot = process.getuid?.() === 0;

/** A new temporary directory the cluster's owner can write (`postgres` when we are root). */
export function makeClusterDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  return dir;
}

/** Runs a PostgreSQL tool without blocking the event loop (a burst of requests goes on meanwhile). */
export async function run(bin: string, tool: string, args: string[]): Promise<void> {
  const command = [join(bin, tool), ...args];
  if (asRoot) {
    const quoted = command.map((part) => `'${part.replaceAll("'", `'\\''`)}'`).join(' ');
    await execFileAsync('su', ['postgres', '-s', '/bin/sh', '-c', quoted]);
  } else {
    await execFileAsync(command[0] as string, command.slice(1));
  }
}

/** initdb + start on `port` (trust auth, socket in the cluster's own directory). */
export async function startPrivatePostgres(port: number): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'heatrank-pg-'));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  else chownSync(dir, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
  const data = join(dir, 'data');
  await run(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: () =>
      run(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-m', 'fast', '-w', 'restart']),
    crashRestart: async () => {
      await run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      await start();
    },
    stop: async () => {
      try {
        await run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
