import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adViews, houseAds, shareTokens, taskEvents } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { cleanupTaskRows } from './cleanup.service.ts';

describe('the daily cleanup of task rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('progress, share tokens and ad views over two days old go; the last two days stay', async () => {
    const userId = (await signUpAgent(t.app, 'cleanup@example.com')).me.user.id;
    const now = new Date('2030-03-10T04:00:00Z'); // 12:00 on 10 March in Shanghai
    const [ad] = await t.db.select({ id: houseAds.id }).from(houseAds).limit(1);
    for (const day of ['2030-03-07', '2030-03-08', '2030-03-10']) {
      await t.db.insert(taskEvents).values({ userId, taskKey: 'daily.view_sector', day, item: 'defi', createdAt: now });
      await t.db.insert(shareTokens).values({ token: `s-${day}`, userId, projectId: 'p', day, createdAt: now });
    }
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    await t.db.insert(adViews).values([
      { id: 'old', userId, adId: ad!.id, issuedAt: hoursAgo(49), redeemedAt: hoursAgo(49) },
      { id: 'recent', userId, adId: ad!.id, issuedAt: hoursAgo(47) },
    ]);

    const deleted = await cleanupTaskRows(t.db, now, 'Asia/Shanghai');

    // Two days before 12:00 on the 10th is the 8th: rows of the 7th go, the 8th stays.
    expect(deleted).toEqual({ taskEvents: 1, shareTokens: 1, adViews: 1 });
    expect((await t.db.select().from(taskEvents)).map((r) => r.day).sort()).toEqual(['2030-03-08', '2030-03-10']);
    expect((await t.db.select().from(shareTokens)).map((r) => r.day).sort()).toEqual(['2030-03-08', '2030-03-10']);
    expect((await t.db.select().from(adViews)).map((r) => r.id)).toEqual(['recent']);
    expect(await cleanupTaskRows(t.db, now, 'Asia/Shanghai')).toEqual({ taskEvents: 0, shareTokens: 0, adViews: 0 });
  });
});
