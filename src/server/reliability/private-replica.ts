import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { findPostgresBin, makeClusterDir, run } from './private-postgres.ts';

// A streaming read replica of a private cluster (private-postgres.ts): pg_basebackup -R writes standby.signal and
// primary_conninfo, so the copy starts as a hot standby replaying the primary's WAL. The primary must allow
// replication connections from 127.0.0.1: a cluster made by initdb does (wal_level=replica, max_wal_senders=10 and a
// `host replication all 127.0.0.1/32 trust` line are its defaults).

export type PrivateReplica = {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: (database: string) => string;
  port: number;
  /** pg_wal_replay_pause() / _resume(): WAL still arrives but is not applied, so the replica falls behind. */
  pauseReplay: () => Promise<void>;
  resumeReplay: () => Promise<void>;
  /** `pg_ctl stop -m immediate`: the server is gone at once, open connections cut. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
};

/** Copies the primary on `primaryPort` with pg_basebackup and starts the copy as a hot standby on `port`. */
export async function startPrivateReplica(primaryPort: number, port: number): Promise<PrivateReplica> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const dir = makeClusterDir('heatrank-replica-');
  const data = join(dir, 'data');
  let running = false;
  try {
    // A fast checkpoint: the default spreads it over checkpoint_timeout's half, minutes on a freshly migrated cluster.
    const source = ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'];
    await run(bin, 'pg_basebackup', [...source, '-D', data, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c hot_standby=on`;
    await run(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
    running = true;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const kill = async () => {
    if (!running) return;
    running = false;
    await run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  };
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    pauseReplay: () => admin('SELECT pg_wal_replay_pause()'),
    resumeReplay: () => admin('SELECT pg_wal_replay_resume()'),
    kill,
    stop: async () => {
      try {
        await kill();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
