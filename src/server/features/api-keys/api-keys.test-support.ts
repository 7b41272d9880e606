import { eq } from 'drizzle-orm';
import type { CreatedApiKey } from '../../../shared/api/api-keys.schema.ts';
import { hourWindow } from '../../../shared/time/day-window.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { quotaUsage, userProfiles } from '../../db/schema/index.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';

/** Gives a user a paid plan at `level` ending `expiresInMs` from now (negative: it has already ended). */
export async function setPaidPlan(
  db: Db,
  userId: string,
  level: 'free' | 'premium' | 'vip',
  expiresInMs = 30 * DAY_MS,
) {
  await db
    .update(userProfiles)
    .set({ membershipLevel: level, membershipExpiresAt: new Date(Date.now() + expiresInMs) })
    .where(eq(userProfiles.id, userId));
}

/** A signed-up user with a running vip plan. */
export async function signUpVip(app: App, db: Db, email: string): Promise<{ agent: Agent; userId: string }> {
  const { agent, me } = await signUpAgent(app, email);
  const userId = me.user!.id;
  await setPaidPlan(db, userId, 'vip');
  return { agent, userId };
}

/** Creates a key through the API as the agent's user. */
export async function createKey(agent: Agent, name = 'test key'): Promise<CreatedApiKey> {
  const res = await agent.request({ method: 'POST', url: '/api/me/api-keys', payload: { name } });
  if (res.statusCode !== 201) throw new Error(`create key failed: ${res.statusCode} ${res.body}`);
  return res.json() as CreatedApiKey;
}

/** Sets this hour's counted API calls of a user directly (instead of making that many calls). */
export async function seedApiCalls(db: Db, userId: string, used: number): Promise<void> {
  const { start } = hourWindow(new Date());
  await db
    .insert(quotaUsage)
    .values({ subject: `user:${userId}`, quota: 'hourlyApiCalls', windowStart: start, used })
    .onConflictDoUpdate({ target: [quotaUsage.subject, quotaUsage.quota, quotaUsage.windowStart], set: { used } });
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
