import type pg from 'pg';

// How far behind the primary each read replica is, measured in the primary's own WAL positions rather than with
// pg_last_xact_replay_timestamp(): that timestamp is the last replayed COMMIT's, so a caught-up replica of an idle
// primary would look minutes "behind". Each check samples the primary's pg_current_wal_lsn() with the time, then
// reads each replica's pg_last_wal_replay_lsn(): a replica that has replayed the position the primary had at time T
// holds every write made before T, so its lag is at most now − T (the newest such sample; one check interval of
// granularity). A replica that has replayed none of the kept samples is behind by at least the oldest one's age.

/** ok: used for reads. lagging: further behind than the bound. down: unreachable or failing. starting: unchecked. */
export type ReplicaState = 'starting' | 'ok' | 'lagging' | 'down' | 'not-replica';

export type Replica = {
  /** `replica-1`, `replica-2`… in DATABASE_READ_URL's order: never the URL (it may hold a password). */
  name: string;
  pool: pg.Pool;
  state: ReplicaState;
  /** Upper bound on how stale its reads are (ms); for `lagging` without a replayed sample, a lower bound. */
  lagMs: number | null;
  replayLsn: bigint | null;
  checkedAt: Date | null;
  /** Statements it answered, and statements that failed on it and were answered elsewhere (since start). */
  reads: number;
  failovers: number;
};

type Sample = { at: number; lsn: bigint };

export type ReplicaLog = {
  info: (fields: object, message: string) => void;
  warn: (fields: object, message: string) => void;
};

const PROBE_TIMEOUT_MS = 2_000;

/** 'X/Y' (hex halves of a 64-bit WAL position) → one comparable number. */
export function parseLsn(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** The lag of a replica that has replayed `replayLsn`, measured at `now` against the primary's samples (oldest first). */
export function computeLag(
  samples: readonly Sample[],
  replayLsn: bigint,
  now: number,
): { lagMs: number; bounded: boolean } {
  for (let i = samples.length - 1; i >= 0; i--) {
    const sample = samples[i] as Sample;
    if (sample.lsn <= replayLsn) return { lagMs: Math.max(0, now - sample.at), bounded: true };
  }
  return { lagMs: Math.max(0, now - (samples[0]?.at ?? now)), bounded: false };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type ReplicaMonitorOptions = { primary: pg.Pool; replicas: Replica[]; maxLagMs: number; log: () => ReplicaLog };

/** Checks every replica's replay position against the primary's; `check()` runs one round (one at a time). */
export function createReplicaMonitor({ primary, replicas, maxLagMs, log }: ReplicaMonitorOptions) {
  const samples: Sample[] = [];
  let running: Promise<void> | undefined;

  const setState = (replica: Replica, state: ReplicaState, fields: object = {}) => {
    if (replica.state === state) return;
    const from = replica.state;
    replica.state = state;
    const entry = { replica: replica.name, from, to: state, lagMs: replica.lagMs, ...fields };
    if (state === 'ok') log().info(entry, 'read replica in use');
    else log().warn(entry, 'read replica skipped');
  };

  const checkOne = async (replica: Replica, now: number) => {
    try {
      const { rows } = await withTimeout(
        replica.pool.query<{ recovering: boolean; replay: string | null }>(
          'SELECT pg_is_in_recovery() AS recovering, pg_last_wal_replay_lsn()::text AS replay',
        ),
        PROBE_TIMEOUT_MS,
      );
      const row = rows[0];
      replica.checkedAt = new Date();
      if (!row?.recovering || row.replay === null) {
        // A promoted or unrelated server: its data may have parted from the primary's, and it has no replay position.
        replica.lagMs = null;
        replica.replayLsn = null;
        setState(replica, 'not-replica');
        return;
      }
      replica.replayLsn = parseLsn(row.replay);
      const { lagMs, bounded } = computeLag(samples, replica.replayLsn, now);
      replica.lagMs = lagMs;
      setState(replica, bounded && lagMs <= maxLagMs ? 'ok' : 'lagging');
    } catch (error) {
      replica.checkedAt = new Date();
      replica.lagMs = null;
      setState(replica, 'down', { code: errorCode(error) });
    }
  };

  const round = async () => {
    const now = Date.now();
    try {
      const { rows } = await withTimeout(
        primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'),
        PROBE_TIMEOUT_MS,
      );
      samples.push({ at: now, lsn: parseLsn(rows[0]?.lsn ?? '0/0') });
    } catch {
      return; // the primary is unreachable: its own health says so; the replicas keep their last state
    }
    // Keep a little more than the bound: older samples cannot change a verdict of "lagging".
    while (samples.length > 2 && (samples[1] as Sample).at < now - maxLagMs * 2) samples.shift();
    await Promise.all(replicas.map((replica) => checkOne(replica, now)));
  };

  return {
    /** Runs a check round now, or joins the one already running. */
    check: (): Promise<void> => {
      running ??= round().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** Resolves when no check round is running (close). */
    settled: async (): Promise<void> => {
      await running;
    },
    /** A replica that failed a read: skipped until a check finds it answering and caught up. */
    markDown: (replica: Replica, error: unknown) => {
      replica.failovers++;
      setState(replica, 'down', { code: errorCode(error) });
    },
  };
}

/** The error's code (ECONNREFUSED, 57P01…) for the log: never its message, which may name the host. */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'no-code';
}
