import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable: a lost or refused connection, not a bad query', () => {
  test.each([
    ['a restart ends the connection (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['the server is starting (57P03)', withCode('the database system is starting up', '57P03')],
    ['nothing listens (ECONNREFUSED)', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['the socket closed under a query', new Error('Connection terminated unexpectedly')],
    [
      'wrapped by Drizzle',
      new DrizzleQueryError('select 1', [], withCode('terminating connection due to administrator command', '57P01')),
    ],
  ])('yes: %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ['a unique violation (23505)', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error (42601)', withCode('syntax error at or near "x"', '42601')],
    [
      'an outgoing fetch that was refused',
      new TypeError('fetch failed', { cause: withCode('refused', 'ECONNREFUSED') }),
    ],
    ['not an error at all', 'ECONNREFUSED'],
  ])('no: %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
