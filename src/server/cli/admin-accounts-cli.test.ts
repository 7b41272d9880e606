import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queryRows } from '../db/client.ts';
import { runAdminCli } from './admin.ts';
import { type CliDatabase, memoryIo, openCliDatabase } from './admin-cli-test-support.ts';

// npm run admin -- accounts list|add|disable|enable|usage: the X account pool from the shell; secrets never printed.

const SECRET_KEY = 'cli-test-secret-key-0123456789abcdef';
const TOKEN = 'AAAA-bearer-token-never-printed-7f3c';

describe('admin CLI: accounts', () => {
  let d: CliDatabase;
  beforeAll(async () => {
    d = await openCliDatabase({ catalogue: false, env: { SECRET_KEY } });
  }, 120_000);
  afterAll(() => d.dispose());

  const run = (argv: string[], io = memoryIo(), env: Record<string, string | undefined> = {}) =>
    runAdminCli(['accounts', ...argv], { ...d.env, ...env }, io);
  const idOf = (out: string) => /\(([0-9a-f-]{36}),/.exec(out)?.[1] ?? '';

  test('add takes the token from X_BEARER_TOKEN; list shows the account and no secret; the row holds ciphertext', async () => {
    const io = memoryIo();

    const added = await run(['add', 'main', '--daily-limit', '250', '--expires', '2030-01-31'], io, {
      X_BEARER_TOKEN: TOKEN,
    });
    const list = await run(['list']);

    expect(added.code).toBe(0);
    expect(added.out).toMatch(/^added main \([0-9a-f-]{36}, bearer token, 250\/day\)$/);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^id\s+label\s+status\s+today\s+last used\s+expires\s+credentials$/m);
    expect(list.out).toMatch(/main\s+active\s+0\/250\s+-\s+2030-01-31\s+bearer/);
    for (const text of [added.out, list.out, io.output(), io.errors()]) expect(text).not.toContain(TOKEN);
    const [row] = await d.query((db) =>
      queryRows<{ bearer_token_enc: string }>(db, sql`SELECT bearer_token_enc FROM social_api_accounts`),
    );
    expect(row?.bearer_token_enc).toBeTruthy();
    expect(row?.bearer_token_enc).not.toContain(TOKEN);
  });

  test('add reads the token from --stdin, or from a hidden prompt on a terminal; flags work with a warning', async () => {
    const piped = await run(['add', 'piped', '--stdin'], memoryIo({ stdin: `${TOKEN}\n` }));
    const prompt = memoryIo({ isTTY: true, answers: ['', 'key-123', 'secret-456'] });
    const prompted = await run(['add', 'prompted'], prompt);
    const flagged = memoryIo();
    const withFlags = await run(['add', 'flagged', '--bearer-token', TOKEN], flagged);

    expect(piped.out).toMatch(/^added piped \(.*, bearer token, 300\/day\)$/);
    expect(prompted.out).toMatch(/^added prompted \(.*, API key \+ secret, 300\/day\)$/);
    expect(prompt.asked.map((a) => a.hidden)).toEqual([true, true, true]);
    expect(withFlags.code).toBe(0);
    expect(flagged.errors()).toContain('secrets given as flags stay in the shell history');
    const list = await run(['list']);
    expect(list.out).toMatch(/prompted\s+active\s+0\/300\s+-\s+-\s+key\+secret/);
    expect(list.out).not.toContain('secret-456');
  });

  test('add without a secret, or without SECRET_KEY, fails and stores nothing', async () => {
    const count = () =>
      d.query((db) => queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM social_api_accounts`));
    const before = await count();

    const none = await run(['add', 'empty']);
    const noKey = await run(['add', 'nokey'], memoryIo(), { SECRET_KEY: undefined, X_BEARER_TOKEN: TOKEN });
    const badLimit = await run(['add', 'bad', '--daily-limit', 'lots'], memoryIo(), { X_BEARER_TOKEN: TOKEN });

    expect(none.code).toBe(1);
    expect(none.out).toMatch(/^Bad request: a bearer token or an API key and secret is required · 请求无效：/);
    expect(noKey.code).toBe(1);
    expect(noKey.out).toMatch(/^Bad request: SECRET_KEY is not configured/);
    expect(badLimit).toEqual({ code: 2, out: 'invalid dailyLimit' });
    expect(await count()).toEqual(before);
  });

  test('disable and enable an account, each recorded in the audit log as cli; unknown ids are refused', async () => {
    const id = idOf((await run(['add', 'toggle'], memoryIo(), { X_BEARER_TOKEN: TOKEN })).out);

    const disabled = await run(['disable', id]);
    const listed = await run(['list']);
    const enabled = await run(['enable', id]);

    expect(disabled).toEqual({ code: 0, out: `${id} disabled` });
    expect(listed.out).toMatch(/toggle\s+disabled\s+0\/300/);
    expect(enabled).toEqual({ code: 0, out: `${id} enabled (today's usage reset to 0)` });
    expect((await run(['list'])).out).toMatch(/toggle\s+active\s+0\/300/);
    const audit = await d.query((db) =>
      queryRows<{ actor_email: string; action: string }>(
        db,
        sql`SELECT actor_email, action FROM admin_audit WHERE entity_id = ${id} ORDER BY id`,
      ),
    );
    expect(audit).toEqual([
      { actor_email: 'cli', action: 'social-account.create' },
      { actor_email: 'cli', action: 'social-account.disable' },
      { actor_email: 'cli', action: 'social-account.enable' },
    ]);
    expect(await run(['disable', '00000000-0000-4000-8000-000000000000'])).toEqual({
      code: 1,
      out: 'no X account with id 00000000-0000-4000-8000-000000000000',
    });
    expect((await run(['enable', 'not-a-uuid'])).code).toBe(2);
  });

  test('usage lists the last days per account (7 by default); a bad --days or action is a usage error', async () => {
    const id = idOf((await run(['add', 'busy'], memoryIo(), { X_BEARER_TOKEN: TOKEN })).out);
    const today = new Date().toISOString().slice(0, 10);
    await d.query((db) =>
      queryRows(
        db,
        sql`INSERT INTO social_api_usage (account_id, date, requests, errors, rate_limit) VALUES (${id}, ${today}, 42, 2, 1)`,
      ),
    );

    const usage = await run(['usage']);
    const short = await run(['usage', '--days', '1']);

    expect(usage.code).toBe(0);
    expect(usage.out).toMatch(new RegExp(`^${today}\\s+busy\\s+42\\s+2\\s+1$`, 'm'));
    expect(usage.out).toMatch(/42 requests in 7 days$/);
    expect(short.out).toMatch(/42 requests in 1 days$/);
    expect((await run(['usage', '--days', '99'])).code).toBe(2);
    expect((await run(['purge'])).code).toBe(2);
    expect((await run([])).code).toBe(2);
  });
});
