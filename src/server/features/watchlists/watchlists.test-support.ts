import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { projectScores, projects } from '../../db/schema/index.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';

/** A signed-up user with 1,000 points: premium, so portfolio tracking is open. */
export async function signUpPremium(app: App, db: Db, email: string) {
  const signed = await signUpAgent(app, email);
  await creditPoints(db, { userId: signed.me.user!.id, amount: 1000, reason: 'admin.adjust' });
  return { ...signed, userId: signed.me.user!.id };
}

export type TestProject = { id: string; price?: number | null; change?: number | null; heat?: number | null };

/** Minimal projects (their scores row comes from the projects trigger), with a price, 24 h change and heat as given. */
/** The as-of of the test projects' market figures. */
export const MARKET_AS_OF = '2026-01-02T03:04:05.000Z';

export async function insertProjects(db: Db, list: TestProject[]) {
  await db.insert(projects).values(
    list.map((p) => ({
      id: p.id,
      name: `Project ${p.id}`,
      symbol: p.id.slice(0, 4).toUpperCase(),
      category: 'DeFi',
      price: p.price ?? null,
      priceChange24h: p.change ?? null,
      marketCap: p.price ? p.price * 1e6 : null,
      metricSources: p.price
        ? { marketCap: { source: 'coingecko', asOf: MARKET_AS_OF }, price: { source: 'coingecko', asOf: MARKET_AS_OF } }
        : {},
    })),
  );
  for (const p of list) {
    if (p.heat !== undefined)
      await db.update(projectScores).set({ heatScore: p.heat }).where(eq(projectScores.projectId, p.id));
  }
}
