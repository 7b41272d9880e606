import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DashboardResponseSchema } from '../../../shared/api/dashboard.schema.ts';
import { userDashboards } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpWithPoints } from '../saved-searches/saved-searches.test-support.ts';
import { getDashboard, putDashboard } from './dashboard.test-support.ts';

const layoutOf = (i: number) => ({
  widgets: [
    { id: `note-${i}`, kind: 'note', size: i % 2 ? 'wide' : 'small', settings: { text: `layout ${i}` } },
    { id: `movers-${i}`, kind: 'top_movers', size: 'small', settings: { window: 'week' } },
  ],
  homeDashboard: i % 2 === 0,
});

// PGlite here; TEST_DATABASE_URL runs it on PostgreSQL's real concurrency.
describe('/api/me/dashboard under concurrent saves', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test.each([0, 1])(
    '50 parallel saves from version %i: exactly one is written, whole; the rest are 409',
    async (from) => {
      const { agent, userId } = await signUpWithPoints(t.app, t.db, `dash-race-${from}@example.com`);
      if (from === 1) await putDashboard(agent, { version: 0, ...layoutOf(-1) });
      await agent.csrf();

      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => putDashboard(agent, { version: from, ...layoutOf(i) })),
      );

      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
      const winner = responses.findIndex((r) => r.statusCode === 200);
      const stored = DashboardResponseSchema.parse((await getDashboard(agent)).json());
      expect(stored).toMatchObject({ version: from + 1, ...layoutOf(winner) });
      expect(await t.db.select().from(userDashboards).where(eq(userDashboards.userId, userId))).toHaveLength(1);
    },
  );
});
