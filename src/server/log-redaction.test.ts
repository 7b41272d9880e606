import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Agent, createAgent, signUpAdmin, TEST_PASSWORD } from './features/auth/auth.test-support.ts';
import { safeErrorMessage, serializeError } from './log-redaction.ts';
import { FAST_INGEST_ENV } from './sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { captureLogLines } from './test/log-lines.ts';

// A failed query's error carries its parameters (Drizzle's DrizzleQueryError: in .params and in the message; PGlite
// adds .params too). Logged as is, a sign-up that fails writes the password hash to the log, and a failed X account
// insert its encrypted secrets.
describe('a failed query is logged without its parameter values', () => {
  let t: TestApp;
  let admin: Agent;
  const { lines, stream } = captureLogLines();

  beforeAll(async () => {
    t = await buildTestApp({
      catalogue: false,
      env: { SECRET_KEY: FAST_INGEST_ENV.SECRET_KEY },
      logger: { level: 'info', stream },
    });
    admin = await signUpAdmin(t.app, t.db, 'log-admin@example.com');
    // Every later insert into these tables fails inside the database, as a full disk or a bad migration would.
    await t.db.execute(sql`ALTER TABLE users ADD CONSTRAINT test_no_inserts CHECK (email <> 'victim@example.com')`);
    await t.db.execute(sql`ALTER TABLE social_api_accounts ADD CONSTRAINT test_no_inserts CHECK (false) NOT VALID`);
  });
  afterAll(() => t.close());

  /** Every string in the error entries, unescaped, so the assertions read like the values themselves. */
  const errorLog = () => {
    const texts = (value: unknown): string[] =>
      typeof value === 'object' && value !== null ? Object.values(value).flatMap(texts) : [String(value)];
    return lines
      .map((line) => JSON.parse(line) as { level: number })
      .filter((entry) => entry.level >= 50)
      .flatMap(texts)
      .join('\n');
  };

  test('sign-up: the log names the failed statement and the database error code, not the password hash', async () => {
    lines.length = 0;
    const res = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        email: 'victim@example.com',
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        acceptTerms: true,
      },
    });

    expect(res.statusCode).toBe(500);
    const log = errorLog();
    expect(log).toContain('insert into "users"');
    expect(log).toContain('23514'); // check_violation
    expect(log).not.toMatch(/scrypt\$/);
    expect(log).not.toContain('victim@example.com');
  });

  test('adding an X account: neither the encrypted secrets nor their plain text reach the log', async () => {
    lines.length = 0;
    const res = await admin.request({
      method: 'POST',
      url: '/api/admin/social-accounts',
      payload: { label: 'label-in-params', apiKey: 'PLAIN-KEY-123', apiSecret: 'PLAIN-SECRET-456' },
    });

    expect(res.statusCode).toBe(500);
    const log = errorLog();
    expect(log).toContain('social_api_accounts');
    expect(log).not.toMatch(/v1\.|PLAIN-KEY|PLAIN-SECRET|label-in-params/);
  });
});

describe('safeErrorMessage and serializeError', () => {
  const cause = Object.assign(new Error('new row for relation "users" violates check constraint "c"'), {
    code: '23514',
    detail: 'Failing row contains (1, a@b.c, scrypt$1$2$3$salt$hash)',
  });
  const failed = new DrizzleQueryError(
    'insert into "users" values ($1, $2)',
    ['a@b.c', 'scrypt$1$2$3$salt$hash'],
    cause,
  );

  test('the text stored in the sync log keeps the statement and the database error, not the values', () => {
    expect(safeErrorMessage(failed)).toBe(
      'Failed query: insert into "users" values ($1, $2): new row for relation "users" violates check constraint "c"',
    );
    expect(safeErrorMessage(new Error('plain'))).toBe('plain');
  });

  test('the serialized error keeps query, code and stack, and has no value anywhere', () => {
    const out = JSON.stringify(serializeError(failed));

    expect(out).toContain('insert into \\"users\\" values ($1, $2)');
    expect(out).toContain('"code":"23514"');
    expect(out).toContain('at ');
    expect(out).not.toMatch(/scrypt|a@b\.c/);
  });
});
