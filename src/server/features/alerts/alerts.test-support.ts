import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';

/** A SECRET_KEY for test apps, so webhook secrets can be encrypted. */
export const TEST_SECRET_KEY = 'alerts-test-secret-key-0123456789abcdef';

/** A signed-up user with the points of a level: 1,000 = premium (5 alerts), 5,000 = vip (20 alerts, webhooks). */
export async function signUpWithPoints(app: App, db: Db, email: string, points: number) {
  const signed = await signUpAgent(app, email);
  await creditPoints(db, { userId: signed.me.user!.id, amount: points, reason: 'admin.adjust' });
  return { ...signed, userId: signed.me.user!.id };
}

export const createAlert = (agent: Agent, payload: object, lang = 'en') =>
  agent.request({ method: 'POST', url: `/api/alerts?lang=${lang}`, payload });

export const patchAlert = (agent: Agent, id: string, payload: object, lang = 'en') =>
  agent.request({ method: 'PATCH', url: `/api/alerts/${id}?lang=${lang}`, payload });
