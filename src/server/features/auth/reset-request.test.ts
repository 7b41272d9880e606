import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { createMailer } from '../../mail/mailer.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type AuthDeps, requestPasswordReset } from './auth.service.ts';
import { signUpAgent } from './auth.test-support.ts';

const silentLog = { info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
/** A password reset never touches referrals. */
const NO_REFERRALS = { applyCode: async () => {}, creditOnVerified: async () => {} };

// Against account enumeration: a reset request for an unknown address must do the same work as for a known one (it took 5.6 ms
// instead of 8.4 ms, which told an attacker which addresses exist). Not a timing test: it records the statements.
describe('password-reset request: same work for known and unknown addresses', () => {
  let t: TestApp;
  let statements: { sql: string; params: unknown[] }[] = [];
  let deps: AuthDeps;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    const logger = { logQuery: (sql: string, params: unknown[]) => statements.push({ sql, params }) };
    const client = (t.db as unknown as { $client: never }).$client;
    const recording =
      t.handle.kind === 'pglite'
        ? drizzlePglite({ client, schema, casing: 'snake_case', logger })
        : drizzlePg({ client, schema, casing: 'snake_case', logger });
    deps = {
      db: recording as unknown as Db,
      config: t.config,
      mailer: createMailer(t.config, silentLog),
      referrals: NO_REFERRALS,
    };
    await signUpAgent(t.app, 'known@example.com');
  });
  afterAll(() => t.close());

  const record = async (email: string) => {
    statements = [];
    await requestPasswordReset(deps, { email }, { now: new Date(), lang: 'en', meta: {} });
    return statements;
  };

  test('the same SQL statements run, including the token hash insert', async () => {
    const known = await record('known@example.com');
    const unknown = await record('nobody@example.com');
    const tokenHashOf = (run: typeof known) =>
      run.flatMap((s) => s.params).find((p) => typeof p === 'string' && /^[0-9a-f]{64}$/.test(p));

    expect(unknown.map((s) => s.sql)).toEqual(known.map((s) => s.sql));
    expect(known.length).toBeGreaterThanOrEqual(4);
    expect(tokenHashOf(known)).toBeDefined(); // a fresh token was hashed…
    expect(tokenHashOf(unknown)).toBeDefined(); // …for the unknown address too
    expect(tokenHashOf(unknown)).not.toBe(tokenHashOf(known));
  });
});
