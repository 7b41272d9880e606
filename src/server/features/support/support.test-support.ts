import { type SupportThread, SupportThreadSchema } from '../../../shared/api/support.schema.ts';
import type { MembershipLevel } from '../../../shared/membership/level.ts';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';

/** Points that earn each level (LEVEL_POINT_THRESHOLDS): a user at a level without a paid plan. */
const POINTS: Record<MembershipLevel, number> = { free: 0, premium: 1000, vip: 5000 };

/** Signs up a verified account at `level` (reached with points). */
export async function signUpAtLevel(app: App, db: Db, email: string, level: MembershipLevel) {
  const signedUp = await signUpAgent(app, email);
  if (POINTS[level] > 0) {
    await creditPoints(db, { userId: signedUp.me.user.id, amount: POINTS[level], reason: 'admin.adjust' });
  }
  return signedUp;
}

/** POST /api/support/requests (status checked by the caller). */
export function openRequest(agent: Agent, payload: unknown, lang = 'en') {
  return agent.request({ method: 'POST', url: `/api/support/requests?lang=${lang}`, payload: payload as object });
}

/** Opens a request that must be created. */
export async function openRequestOk(agent: Agent, payload: object): Promise<SupportThread> {
  const res = await openRequest(agent, payload);
  if (res.statusCode !== 201) throw new Error(`open request failed: ${res.statusCode} ${res.body}`);
  return SupportThreadSchema.parse(res.json());
}
