import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { projectScores, projects } from '../../db/schema/index.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';

/** A signed-up user with `points` points: 1,000 is premium (saved searches, 5 alerts), 5,000 vip (20 alerts). */
export async function signUpWithPoints(app: App, db: Db, email: string, points = 1000) {
  const signed = await signUpAgent(app, email);
  await creditPoints(db, { userId: signed.me.user!.id, amount: points, reason: 'admin.adjust' });
  return { ...signed, userId: signed.me.user!.id };
}

export type TestProject = { id: string; heat?: number | null; category?: string };

/** Minimal projects named `Project <id>` (their scores row comes from the projects trigger), with heat as given. */
export async function insertProjects(db: Db, list: readonly TestProject[]) {
  await db.insert(projects).values(
    list.map((p) => ({
      id: p.id,
      name: `Project ${p.id}`,
      symbol: p.id.slice(0, 4).toUpperCase(),
      category: p.category ?? 'DeFi',
    })),
  );
  for (const p of list) if (p.heat !== undefined) await setHeat(db, p.id, p.heat);
}

export async function setHeat(db: Db, projectId: string, heat: number | null) {
  await db.update(projectScores).set({ heatScore: heat }).where(eq(projectScores.projectId, projectId));
}

export const createSaved = (agent: Agent, payload: object) =>
  agent.request({ method: 'POST', url: '/api/saved-searches?lang=en', payload });
export const patchSaved = (agent: Agent, id: string, payload: object) =>
  agent.request({ method: 'PATCH', url: `/api/saved-searches/${id}?lang=en`, payload });
