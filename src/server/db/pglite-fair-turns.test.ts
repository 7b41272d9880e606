import { connect, createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type DbHandle } from './client.ts';

// A saturated embedded database must not starve the server's sockets: Node accepts new connections only when the
// event loop reaches its poll phase, and PGlite runs statements synchronously in the same thread. Before the fix, a
// connection made while 100 statements were queued was accepted only after the last of them (the load script saw
// connections wait 5–11 s for a first answer, docs/reliability.md).
describe('embedded PGlite under a queue of statements', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb({ DATA_DIR: 'memory://fair-turns' }, { role: 'test', migrate: false });
  });
  afterAll(() => handle.close());

  const STATEMENTS = 100;
  // A few milliseconds of work each, so 100 of them take far longer than one event-loop turn.
  const statement = sql`SELECT count(*) FROM generate_series(1, 20000)`;

  test('a connection made while statements are queued is accepted before the queue has drained', async () => {
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    let finished = 0;
    const queued = Array.from({ length: STATEMENTS }, () => handle.db.execute(statement).then(() => finished++));
    // The client connects from this same process; its connect completes in the kernel at once, and the server's
    // 'connection' event fires when the loop next polls.
    const acceptedAfter = new Promise<number>((resolve) => server.once('connection', () => resolve(finished)));
    const client = connect(port, '127.0.0.1');
    client.on('error', () => {});
    const accepted = await acceptedAfter;
    await Promise.all(queued);
    client.destroy();
    await new Promise((resolve) => server.close(resolve));
    expect(finished).toBe(STATEMENTS);
    expect(accepted).toBeLessThan(STATEMENTS / 10);
  });

  test('a timer due during the queue runs between statements, not after all of them', async () => {
    let finished = 0;
    const queued = Array.from({ length: STATEMENTS }, () => handle.db.execute(statement).then(() => finished++));
    const seenAfter = await new Promise<number>((resolve) => setTimeout(() => resolve(finished), 1));
    await Promise.all(queued);
    expect(seenAfter).toBeLessThan(STATEMENTS / 2);
  });

  test('statements and transactions still run one at a time, in order, and a failure does not block the next', async () => {
    const order: number[] = [];
    const work = Array.from({ length: 20 }, (_, i) =>
      i % 5 === 4
        ? handle.db.execute(sql`SELECT 1/0`).catch(() => order.push(-i))
        : i % 2 === 0
          ? handle.db.transaction(async (tx) => {
              await tx.execute(sql`SELECT pg_sleep(0)`);
              order.push(i);
            })
          : handle.db.execute(sql`SELECT ${i}::int`).then(() => order.push(i)),
    );
    await Promise.all(work);
    expect(order.map(Math.abs)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
