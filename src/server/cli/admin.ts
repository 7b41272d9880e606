import { hostname } from 'node:os';
import { pathToFileURL } from 'node:url';
import { MAINTENANCE_ACTIONS, type MaintenanceAction } from '../../shared/api/admin-ops.schema.ts';
import { loadConfig, readEnvironment } from '../config.ts';
import { createDb, type Db } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { AppError } from '../errors.ts';
import { selectUserIdByEmail } from '../features/admin/admin.queries.ts';
import { listAdmins, setRoleByEmail } from '../features/admin/admin.service.ts';
import { runMaintenance } from '../features/admin/maintenance.service.ts';
import { changePoints, MAX_POINTS_CHANGE } from '../features/points/points.service.ts';
import { recordSiteReview, removeVerification } from '../features/projects/verification.service.ts';
import { openRuntime } from '../runtime.ts';
import { runAccountsCommand } from './admin-accounts-cli.ts';
import { runExportCommand, runImportCommand, runStatsCommand } from './admin-data-cli.ts';
import { type CliIo, type CliResult, processIo, toFailure } from './cli-io.ts';

// npm run admin -- grant <email> | revoke <email> | list
//                  | verify <projectId> --by <name> [--note <text>] | unverify <projectId>
//                  | points <email> <+n|-n> --reason admin.adjust
//                  | maintenance remove-unnamed|recount-sectors|vacuum|compact-history
//                  | import <file.json> [--mode merge|replace] [--yes] | export [--out <file.json>] | stats [--json]
//                  | accounts list|add|disable|enable|usage   (admin-data-cli.ts, admin-accounts-cli.ts)
// With embedded PGlite the server holds the data directory: every verb refuses to run beside it (DataDirLockedError);
// stop it first, or use DATABASE_URL, which may be shared.

const USAGE = [
  'usage: npm run admin -- grant <email> | revoke <email> | list',
  '       npm run admin -- verify <projectId> --by <name> [--note <text>]   (reviewed against the official site)',
  '       npm run admin -- unverify <projectId>',
  '       npm run admin -- points <email> <+n|-n> --reason admin.adjust   (a ledger row; a debit never overdraws)',
  `       npm run admin -- maintenance ${MAINTENANCE_ACTIONS.join('|')}   (recorded in sync_runs)`,
  '       npm run admin -- import <file.json> [--mode merge|replace] [--yes]   (preview, then one transaction;',
  '                         replace wipes the catalogue and asks first: --yes answers for scripts)',
  '       npm run admin -- export [--out <file.json>]   (the full export; stdout without --out)',
  '       npm run admin -- stats [--json]',
  '       npm run admin -- accounts list | usage [--days 7] | disable <id> | enable <id>',
  '       npm run admin -- accounts add <label> [--daily-limit 300] [--expires YYYY-MM-DD] [--stdin]',
  '                         (secrets from X_BEARER_TOKEN or X_API_KEY + X_API_SECRET, --stdin (a bearer token),',
  '                         or a hidden prompt; --bearer-token/--api-key/--api-secret work but land in the history)',
].join('\n');

export type { CliResult };

const DATA_COMMANDS = {
  import: runImportCommand,
  export: runExportCommand,
  stats: (args: string[], env: Record<string, string | undefined>) => runStatsCommand(args, env),
  accounts: runAccountsCommand,
} as const;

/** import/export/stats/accounts: a usage error (bad flag, missing argument) is exit code 2 with the usage. */
async function runDataCommand(
  command: keyof typeof DATA_COMMANDS,
  args: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<CliResult> {
  try {
    const result = await DATA_COMMANDS[command](args, env, io);
    return result === 'usage' ? { code: 2, out: USAGE } : result;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
      return { code: 2, out: `${(error as Error).message}\n${USAGE}` };
    return toFailure(error);
  }
}

/** `--name value` pairs after the positional arguments; null when a flag has no value or is unknown. */
function parseFlags(args: string[], known: readonly string[]): Record<string, string> | null {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]?.replace(/^--/, '') ?? '';
    const value = args[i + 1];
    if (!args[i]?.startsWith('--') || !known.includes(name) || value === undefined || value.startsWith('--'))
      return null;
    flags[name] = value;
  }
  return flags;
}

/**
 * verify / unverify: the operator's record of a review against the project's own site (docs/verification.md). Opens
 * the full runtime so a running server on a shared PostgreSQL drops its cached lists (NOTIFY), and so a fresh data
 * directory gets its catalogue first.
 */
async function runVerificationCommand(
  env: Record<string, string | undefined>,
  command: 'verify' | 'unverify',
  id: string,
  flags: Record<string, string>,
): Promise<CliResult> {
  const runtime = await openRuntime(loadConfig(env), { role: 'admin-cli' });
  try {
    const { db } = runtime.handle;
    if (command === 'unverify') {
      const removed = await removeVerification(db, id, runtime.events);
      return {
        code: 0,
        out: removed
          ? `${id} is no longer verified (was: ${removed.method} by ${removed.by})`
          : `${id} was not verified`,
      };
    }
    const review = await recordSiteReview(
      db,
      id,
      { by: flags.by ?? '', note: flags.note, at: new Date() },
      runtime.events,
    );
    return {
      code: 0,
      out: `${id} verified: reviewed against its official site by ${review.by} on ${review.at.slice(0, 10)} (the heat score follows on the next recompute)`,
    };
  } finally {
    await runtime.close();
  }
}

/** points: an admin's adjustment through the ledger (reason admin.adjust only; a debit beyond the balance refused). */
async function runPointsCommand(db: Db, email: string, amount: string): Promise<CliResult> {
  const change = /^[+-]?\d{1,9}$/.test(amount) ? Number(amount) : Number.NaN;
  if (!Number.isInteger(change) || change === 0 || Math.abs(change) > MAX_POINTS_CHANGE) {
    return {
      code: 2,
      out: `the change must be a whole number from -${MAX_POINTS_CHANGE} to +${MAX_POINTS_CHANGE}, not 0`,
    };
  }
  const userId = await selectUserIdByEmail(db, email.trim().toLowerCase());
  if (!userId) return { code: 1, out: `no account with e-mail ${email}` };
  try {
    const result = await changePoints(db, { userId, change, reason: 'admin.adjust' });
    return { code: 0, out: `${email}: ${change > 0 ? '+' : ''}${change} points, balance ${result.balance}` };
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_POINTS')
      return { code: 1, out: `${email} has ${error.params.balance} points: a debit of ${-change} is refused` };
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      return { code: 1, out: `${email} has no profile yet: it is created on the first sign-in` };
    throw error;
  }
}

/** maintenance <action>: the admin page's maintenance run, recorded in sync_runs with trigger 'cli'. */
async function runMaintenanceCommand(handle: Awaited<ReturnType<typeof createDb>>, action: MaintenanceAction) {
  try {
    const result = await runMaintenance({ db: handle.db, dbKind: handle.kind }, action, {
      trigger: 'cli',
      instance: `${hostname()}:${process.pid}`,
    });
    const counts = Object.entries(result.counts)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
    const errors = result.errors.length > 0 ? `\n${result.errors.join('\n')}` : '';
    return {
      code: result.status === 'failed' ? 1 : 0,
      out: `${action}: ${result.status} (${counts}), sync_runs #${result.runId}${errors}`,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'MAINTENANCE_RUNNING')
      return { code: 1, out: `${action} is already running on another instance` };
    throw error;
  }
}

/** Runs one admin command against the configured database; never throws (errors become code 1 + message). */
export async function runAdminCli(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CliIo = processIo(),
): Promise<CliResult> {
  const [command, email, ...rest] = argv;
  if (command && Object.hasOwn(DATA_COMMANDS, command))
    return runDataCommand(command as keyof typeof DATA_COMMANDS, argv.slice(1), env, io);
  const isVerification = command === 'verify' || command === 'unverify';
  const isPoints = command === 'points';
  const isMaintenance = command === 'maintenance';
  const flags = isVerification
    ? parseFlags(rest, command === 'verify' ? ['by', 'note'] : [])
    : isPoints
      ? parseFlags(rest.slice(1), ['reason'])
      : {};
  const valid =
    command === 'list' ||
    (isMaintenance && rest.length === 0 && MAINTENANCE_ACTIONS.includes(email as MaintenanceAction)) ||
    (isPoints && email && rest[0] && flags?.reason === 'admin.adjust') ||
    ((command === 'grant' || command === 'revoke') && email) ||
    (isVerification && email && flags && (command === 'unverify' || flags.by?.trim()));
  if (!valid || !flags) return { code: 2, out: USAGE };
  let handle: Awaited<ReturnType<typeof createDb>> | undefined;
  try {
    if (isVerification) return await runVerificationCommand(env, command, email ?? '', flags);
    handle = await createDb(loadConfig(env), { role: 'admin-cli' });
    if (isPoints) return await runPointsCommand(handle.db, email ?? '', rest[0] ?? '');
    if (isMaintenance) return await runMaintenanceCommand(handle, email as MaintenanceAction);
    if (command === 'list') {
      const admins = await listAdmins(handle.db);
      return { code: 0, out: admins.length ? admins.map((a) => a.email ?? a.id).join('\n') : '(no admins)' };
    }
    const role = command === 'grant' ? 'admin' : 'user';
    const user = await setRoleByEmail(handle.db, email ?? '', role, new Date());
    if (!user) {
      return {
        code: 1,
        out: `no account with e-mail ${email}: sign up first, or list the address in ADMIN_EMAILS (granted once it is verified)`,
      };
    }
    return { code: 0, out: `${user.email} is now ${role === 'admin' ? 'an admin' : 'a regular user'}` };
  } catch (error) {
    if (error instanceof AppError && error.code === 'PROJECT_NOT_FOUND')
      return { code: 1, out: `no project with id ${email}` };
    if (error instanceof DataDirLockedError || error instanceof Error) return { code: 1, out: error.message };
    return { code: 1, out: String(error) };
  } finally {
    await handle?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runAdminCli(process.argv.slice(2), readEnvironment());
  if (result.out) (result.code === 0 ? process.stdout : process.stderr).write(`${result.out}\n`);
  process.exit(result.code);
}
