import { pathToFileURL } from 'node:url';
import { loadConfig, readEnvironment } from '../config.ts';
import { createDb } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { listAdmins, setRoleByEmail } from '../features/admin/admin.service.ts';

// npm run admin -- grant <email> | revoke <email> | list
// With embedded PGlite the server holds the data directory: stop it first (or use DATABASE_URL, which may be shared).

const USAGE = 'usage: npm run admin -- grant <email> | revoke <email> | list';

export type CliResult = { code: number; out: string };

/** Runs one admin command against the configured database; never throws (errors become code 1 + message). */
export async function runAdminCli(argv: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const [command, email] = argv;
  if (!(command === 'list' || ((command === 'grant' || command === 'revoke') && email))) return { code: 2, out: USAGE };
  let handle: Awaited<ReturnType<typeof createDb>> | undefined;
  try {
    handle = await createDb(loadConfig(env), { role: 'admin-cli' });
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
    if (error instanceof DataDirLockedError || error instanceof Error) return { code: 1, out: error.message };
    return { code: 1, out: String(error) };
  } finally {
    await handle?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runAdminCli(process.argv.slice(2), readEnvironment());
  (result.code === 0 ? process.stdout : process.stderr).write(`${result.out}\n`);
  process.exit(result.code);
}
