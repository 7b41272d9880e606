import type { MembershipLevel } from '../../../shared/membership/level.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { updateSessionTestLevel } from './test-mode.queries.ts';

export type TestModeCaller = { sessionId: string; role: 'user' | 'admin' };

/**
 * Test mode (spec §1/§6): an admin — or anyone while NODE_ENV is development — previews a level in THIS session
 * only. It writes sessions.test_level and nothing else: the stored plan, points and other sessions stay as they are.
 */
export async function setTestMode(
  db: Db,
  caller: TestModeCaller,
  level: MembershipLevel | null,
  isDevelopment: boolean,
): Promise<void> {
  if (caller.role !== 'admin' && !isDevelopment) throw new AppError('ADMIN_REQUIRED');
  await updateSessionTestLevel(db, caller.sessionId, level);
}
