import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PgliteSession } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db } from './client.ts';
import { loadPostgresDriver, type PostgresDriver } from './postgres-driver.ts';

// COPY in and out on either driver, on the connection `db` stands for: inside a transaction that is the
// transaction's own connection, so a COPY commits or rolls back with it.

type PgliteClient = {
  query: (query: string, params?: unknown[], options?: { blob?: Blob }) => Promise<{ blob?: Blob }>;
};

/** Runs `COPY <target> FROM <source> WITH (FORMAT binary)` with `data` as its input. */
export async function copyIn(db: Db, target: string, data: Uint8Array): Promise<void> {
  const session = (db as unknown as { session: unknown }).session;
  if (session instanceof PgliteSession) {
    const client = (session as unknown as { client: PgliteClient }).client;
    const blob = new Blob([data as Uint8Array<ArrayBuffer>]);
    await client.query(`COPY ${target} FROM '/dev/blob' WITH (FORMAT binary)`, [], { blob });
    return;
  }
  await withPgClient(session, async (client, { copyFrom }) => {
    const sink = client.query(copyFrom(`COPY ${target} FROM STDIN WITH (FORMAT binary)`));
    await pipeline(Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]), sink);
  });
}

/** Runs `COPY (<query>) TO … WITH (FORMAT binary)` and returns its output. */
export async function copyOut(db: Db, query: string): Promise<Uint8Array> {
  const session = (db as unknown as { session: unknown }).session;
  if (session instanceof PgliteSession) {
    const client = (session as unknown as { client: PgliteClient }).client;
    const result = await client.query(`COPY (${query}) TO '/dev/blob' WITH (FORMAT binary)`);
    if (!result.blob) throw new Error('COPY returned no data');
    return new Uint8Array(await result.blob.arrayBuffer());
  }
  return withPgClient(session, async (client, { copyTo }) => {
    const chunks: Buffer[] = [];
    const source = client.query(copyTo(`COPY (${query}) TO STDOUT WITH (FORMAT binary)`));
    for await (const chunk of source) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  });
}

/**
 * Runs `COPY (<query>) TO … WITH (FORMAT binary)` and hands its output to `onChunk` piece by piece as PostgreSQL sends
 * it (PGlite: in one piece), so a reader can decode 10⁷ rows without holding them all.
 */
export async function copyOutChunks(db: Db, query: string, onChunk: (chunk: Uint8Array) => void): Promise<void> {
  const session = (db as unknown as { session: unknown }).session;
  if (session instanceof PgliteSession) {
    onChunk(await copyOut(db, query));
    return;
  }
  await withPgClient(session, async (client, { copyTo }) => {
    const source = client.query(copyTo(`COPY (${query}) TO STDOUT WITH (FORMAT binary)`));
    for await (const chunk of source) onChunk(chunk as Buffer);
  });
}

/** The session's connection: the transaction's client, or one borrowed from the pool for this call. */
async function withPgClient<T>(
  session: unknown,
  run: (client: pg.PoolClient, driver: PostgresDriver) => Promise<T>,
): Promise<T> {
  const driver = await loadPostgresDriver();
  if (!(session instanceof driver.NodePgSession)) throw new Error('COPY: unsupported database driver');
  const client = (session as unknown as { client: pg.Pool | pg.PoolClient }).client;
  if ('release' in client) return run(client, driver);
  const borrowed = await client.connect();
  try {
    return await run(borrowed, driver);
  } finally {
    borrowed.release();
  }
}
