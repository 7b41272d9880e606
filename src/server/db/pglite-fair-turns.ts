import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Makes an embedded PGlite give the event loop a turn before each statement or transaction it starts.
 *
 * Why: PGlite runs every statement synchronously in the server's own thread, and hands its lock from one waiter to
 * the next in a microtask. Under load the queue of waiting statements then runs back to back without the event loop
 * ever reaching its poll phase, and Node accepts new connections only there, one per turn: measured with 100
 * connections on search (docs/reliability.md, "Load"), about 60 connections waited more than 5 s for their first
 * answer while the others were served in 200 ms, and a client that reconnected after a timeout waited again.
 * One `setImmediate` between statements costs microseconds and lets the loop accept and read every ready socket.
 *
 * The public entry points are wrapped (not PGlite's internal lock), and serialised by a FIFO of our own so the turn is
 * taken by the statement about to run, not by one that would then wait on PGlite's lock again. Statements inside a
 * transaction run on its own handle and are not delayed: the transaction already holds the lock.
 */
export function giveEventLoopTurns(client: PGlite): PGlite {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(async () => {
      await nextTurn();
      return run();
    });
    tail = result.catch(() => {});
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => inTurn(() => query(...args))) as PGlite['query'];
  client.exec = ((...args: Parameters<PGlite['exec']>) => inTurn(() => exec(...args))) as PGlite['exec'];
  client.transaction = ((...args: Parameters<PGlite['transaction']>) =>
    inTurn(() => transaction(...args))) as PGlite['transaction'];
  return client;
}
