import { eq } from 'drizzle-orm';
import type { MembershipLevel } from '../../../shared/membership/level.ts';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

/** Sets the previewed level of one session (by its stored id, the token's hash); no other row changes. */
export async function updateSessionTestLevel(db: Db, sessionId: string, level: MembershipLevel | null): Promise<void> {
  await db.update(sessions).set({ testLevel: level }).where(eq(sessions.id, sessionId));
}
