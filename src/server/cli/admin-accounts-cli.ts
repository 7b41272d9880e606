import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  CreateSocialAccountBodySchema,
  SocialAccountParamsSchema,
  SocialUsageQuerySchema,
} from '../../shared/api/social-accounts.schema.ts';
import { CLI_ACTOR } from '../audit/audit-log.service.ts';
import { loadConfig } from '../config.ts';
import { createDb, type Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import {
  createSocialAccount,
  listSocialAccounts,
  listSocialUsage,
  setSocialAccountActive,
} from '../features/social-accounts/social-accounts.service.ts';
import { type CliIo, type CliResult, formatTable } from './cli-io.ts';

// npm run admin -- accounts list | add <label> [...] | disable <id> | enable <id> | usage [--days 7]
// The X API account pool (spec §9), through the same service as /api/admin/social-accounts. Secrets are encrypted
// with SECRET_KEY and never printed; `add` takes them from X_BEARER_TOKEN / X_API_KEY / X_API_SECRET, from stdin
// (--stdin: the bearer token), or from a hidden prompt, so they stay out of the shell history (docs/admin-ops.md).

type Env = Record<string, string | undefined>;
type Secrets = { bearerToken?: string; apiKey?: string; apiSecret?: string };

const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** Secrets in order of preference: --stdin, the environment, flags (history!), else a hidden prompt on a terminal. */
async function readSecrets(
  values: Record<string, string | boolean | undefined>,
  env: Env,
  io: CliIo,
): Promise<Secrets> {
  if (values.stdin) return { bearerToken: nonEmpty((await io.readStdin()).split('\n')[0]) };
  const fromEnv = {
    bearerToken: nonEmpty(env.X_BEARER_TOKEN),
    apiKey: nonEmpty(env.X_API_KEY),
    apiSecret: nonEmpty(env.X_API_SECRET),
  };
  const fromFlags = {
    bearerToken: nonEmpty(values['bearer-token'] as string | undefined),
    apiKey: nonEmpty(values['api-key'] as string | undefined),
    apiSecret: nonEmpty(values['api-secret'] as string | undefined),
  };
  if (fromFlags.bearerToken || fromFlags.apiKey || fromFlags.apiSecret) {
    io.stderr.write('note: secrets given as flags stay in the shell history; prefer X_BEARER_TOKEN or --stdin\n');
    return fromFlags;
  }
  if (fromEnv.bearerToken || fromEnv.apiKey) return fromEnv;
  if (!io.isTTY) return {};
  const bearerToken = nonEmpty(
    await io.ask('X bearer token (empty: give an API key and secret instead): ', { hidden: true }),
  );
  if (bearerToken) return { bearerToken };
  return {
    apiKey: nonEmpty(await io.ask('X API key: ', { hidden: true })),
    apiSecret: nonEmpty(await io.ask('X API secret: ', { hidden: true })),
  };
}

async function addAccount(db: Db, args: string[], env: Env, io: CliIo): Promise<CliResult | 'usage'> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      'daily-limit': { type: 'string' },
      expires: { type: 'string' },
      stdin: { type: 'boolean' },
      'bearer-token': { type: 'string' },
      'api-key': { type: 'string' },
      'api-secret': { type: 'string' },
    },
  });
  if (positionals.length !== 1) return 'usage';
  const secretKey = loadConfig(env).SECRET_KEY;
  // Checked before asking for secrets; createSocialAccount refuses the same way.
  if (!secretKey) throw new AppError('BAD_REQUEST', { reason: 'SECRET_KEY is not configured' });
  const expires = values.expires ? new Date(values.expires) : undefined;
  const parsed = CreateSocialAccountBodySchema.safeParse({
    label: positionals[0],
    ...(await readSecrets(values, env, io)),
    dailyLimit: values['daily-limit'] === undefined ? undefined : Number(values['daily-limit']),
    expiresAt: expires && !Number.isNaN(expires.getTime()) ? expires.toISOString() : values.expires,
  });
  if (!parsed.success) {
    // Only the field names: a message must never echo a secret's value.
    return { code: 2, out: `invalid ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}` };
  }
  const { expiresAt, ...input } = parsed.data;
  // Audited by the service (social-account.create, actor cli), in the insert's transaction.
  const account = await createSocialAccount(db, CLI_ACTOR, secretKey, {
    ...input,
    expiresAt: expiresAt ? new Date(expiresAt) : undefined,
  });
  const kind = account.hasBearerToken ? 'bearer token' : 'API key + secret';
  return { code: 0, out: `added ${account.label} (${account.id}, ${kind}, ${account.dailyLimit}/day)` };
}

async function setActive(db: Db, id: string | undefined, active: boolean): Promise<CliResult | 'usage'> {
  if (!SocialAccountParamsSchema.safeParse({ id }).success) return 'usage';
  try {
    await setSocialAccountActive(db, CLI_ACTOR, id!, active, new Date());
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return { code: 1, out: `no X account with id ${id}` };
    throw error;
  }
  return { code: 0, out: active ? `${id} enabled (today's usage reset to 0)` : `${id} disabled` };
}

async function listAccounts(db: Db): Promise<CliResult> {
  const accounts = await listSocialAccounts(db, new Date());
  if (accounts.length === 0) return { code: 0, out: '(no X accounts: npm run admin -- accounts add <label>)' };
  const status = (a: (typeof accounts)[number]) =>
    a.isActive
      ? 'active'
      : a.disabledReason === 'rate_limited'
        ? `rate limited until ${a.rateLimitedUntil}`
        : 'disabled';
  const rows = accounts.map((a) => [
    a.id,
    a.label,
    status(a),
    `${a.dailyUsage}/${a.dailyLimit}`,
    a.lastUsed ?? '-',
    a.expiresAt?.slice(0, 10) ?? '-',
    a.hasBearerToken ? 'bearer' : a.hasApiKey ? 'key+secret' : '-',
  ]);
  return { code: 0, out: formatTable(['id', 'label', 'status', 'today', 'last used', 'expires', 'credentials'], rows) };
}

async function showUsage(db: Db, args: string[]): Promise<CliResult | 'usage'> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { days: { type: 'string' } },
  });
  const query = SocialUsageQuerySchema.safeParse({ days: values.days });
  if (positionals.length > 0 || !query.success) return 'usage';
  const now = new Date();
  const labels = new Map((await listSocialAccounts(db, now)).map((a) => [a.id, a.label]));
  const usage = await listSocialUsage(db, now, query.data.days);
  const rows = usage.map((u) => [u.date, labels.get(u.accountId) ?? u.accountId, u.requests, u.errors, u.rateLimit]);
  const total = usage.reduce((sum, u) => sum + u.requests, 0);
  return {
    code: 0,
    out: `${formatTable(['date', 'account', 'requests', 'errors', '429s'], rows)}\n${total} requests in ${query.data.days} days`,
  };
}

const ACCOUNT_ACTIONS = ['list', 'add', 'disable', 'enable', 'usage'] as const;
export const AccountActionSchema = z.enum(ACCOUNT_ACTIONS);

/** accounts <action>: opens the database only for a well-formed action (the data directory lock included). */
export async function runAccountsCommand(args: string[], env: Env, io: CliIo): Promise<CliResult | 'usage'> {
  const [action, ...rest] = args;
  const parsed = AccountActionSchema.safeParse(action);
  if (!parsed.success) return 'usage';
  if (
    (parsed.data === 'list' && rest.length > 0) ||
    ((parsed.data === 'enable' || parsed.data === 'disable') && rest.length !== 1)
  )
    return 'usage';
  const handle = await createDb(loadConfig(env), { role: 'admin-cli' });
  try {
    switch (parsed.data) {
      case 'list':
        return await listAccounts(handle.db);
      case 'add':
        return await addAccount(handle.db, rest, env, io);
      case 'usage':
        return await showUsage(handle.db, rest);
      default:
        return await setActive(handle.db, rest[0], parsed.data === 'enable');
    }
  } finally {
    await handle.close();
  }
}
