import type { AdminStatsResponse } from '../../../shared/api/admin.schema.ts';
import type { Db } from '../../db/client.ts';
import { changeUserRole } from '../auth/session.service.ts';
import { selectAccountCounts, selectAdmins, selectUserIdByEmail } from './admin.queries.ts';
import { getSystemStats, type SystemStatsDeps } from './system-stats.service.ts';

/** Account and system counters for the admin panel at `now`. */
export async function getAdminStats(deps: SystemStatsDeps, now: Date): Promise<AdminStatsResponse> {
  const [counts, system] = await Promise.all([selectAccountCounts(deps.db, now), getSystemStats(deps, now)]);
  return {
    ...system,
    users: counts.users,
    admins: counts.admins,
    verifiedUsers: counts.verified,
    activeSessions: counts.activeSessions,
    unsentMail: counts.unsentMail,
    projects: counts.projects,
    asOf: now.toISOString(),
  };
}

/**
 * Sets a user's role by e-mail (CLI: npm run admin -- grant|revoke <email>) and ends the sessions opened before it.
 * Returns undefined when no account has that e-mail: the person must sign up first (or be listed in ADMIN_EMAILS,
 * which grants the role once the address is verified).
 */
export async function setRoleByEmail(db: Db, email: string, role: 'user' | 'admin', now: Date) {
  const id = await selectUserIdByEmail(db, email.trim().toLowerCase());
  return id ? changeUserRole(db, id, role, now) : undefined;
}

/** Every admin account, by e-mail. */
export async function listAdmins(db: Db) {
  return selectAdmins(db);
}
