import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HealthResponseSchema } from '../../../shared/api/system.schema.ts';
import { pointsHistory, sectors } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/transaction.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import { changePoints, creditPoints } from '../points/points.service.ts';
import { hasHint, openSse, type SseClient } from './sse.test-support.ts';

let t: TestApp;
let base: string;
const open: SseClient[] = [];

const cookieOf = (agent: Agent) => ({
  cookie: [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
});
async function connect(headers: Record<string, string> = {}) {
  const client = await openSse(`${base}/api/events`, headers);
  open.push(client);
  await client.waitFor((m) => m.event === 'ready');
  return client;
}
async function streamsOpen() {
  return HealthResponseSchema.parse((await t.app.inject({ url: '/api/health' })).json()).realtimeStreams;
}
async function until(check: () => Promise<boolean>, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const userIdOf = async (agent: Agent) =>
  ((await agent.request({ url: '/api/me' })).json() as { user: { id: string } }).user.id;
/** A premium member's cookies (1,000 points): live data hints are premium's real-time updates. */
async function premiumCookies(app: TestApp, email: string) {
  const { agent, me } = await signUpAgent(app.app, email);
  await creditPoints(app.db, { userId: me.user.id, amount: 1000, reason: 'admin.adjust' });
  return cookieOf(agent);
}

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const client of open) client.close();
  await t.close();
});

describe('GET /api/events', () => {
  test('a premium stream: ready (live) first, then a recompute hint at once; health counts the stream', async () => {
    const before = await streamsOpen();
    const client = await connect(await premiumCookies(t, 'rt-premium@example.com'));

    expect(client.status).toBe(200);
    expect(client.contentType).toContain('text/event-stream');
    expect(client.messages[0]?.data).toMatchObject({ updates: 'live', intervalMs: 0 });
    expect(await streamsOpen()).toBe(before + 1);

    await t.events.publish({ type: 'heat.recomputed', asOf: '2026-11-24T00:00:00.000Z' });
    const message = await client.waitFor(hasHint('heat.recomputed'));
    // On PostgreSQL the sign-up's own point and notification hints travel through NOTIFY and can land in the same
    // batch; they are this member's own, and nothing else may ride along.
    const { seq, hints } = message.data as { seq: number; hints: { type: string }[] };
    expect(seq).toBe(1);
    expect(hints).toContainEqual({ type: 'heat.recomputed', asOf: '2026-11-24T00:00:00.000Z' });
    const others = hints.filter((hint) => hint.type !== 'heat.recomputed');
    expect(others.every((hint) => hint.type === 'me.updated')).toBe(true);

    client.close();
    await until(async () => (await streamsOpen()) === before);
  });

  test("a free member's stream holds data hints (interval); an admin's stream is live at any level", async () => {
    const free = await signUpAgent(t.app, 'rt-free@example.com');
    const admin = await signUpAdmin(t.app, t.db, 'rt-admin-live@example.com');

    const freeStream = await connect(cookieOf(free.agent));
    const adminStream = await connect(cookieOf(admin));

    expect(freeStream.messages[0]?.data).toMatchObject({ updates: 'interval' });
    expect(adminStream.messages[0]?.data).toMatchObject({ updates: 'live', intervalMs: 0 });
    await t.events.publish({ type: 'heat.recomputed', asOf: '2026-11-25T00:00:00.000Z' });
    await adminStream.waitFor(hasHint('heat.recomputed'));
    freeStream.close();
    adminStream.close();
  });

  test("an admin's sector edit reaches a live stream as a sectors hint", async () => {
    const admin = await signUpAdmin(t.app, t.db, 'rt-admin@example.com');
    const client = await connect(await premiumCookies(t, 'rt-premium-2@example.com'));
    const [layer1] = await t.db.select().from(sectors).where(eq(sectors.name, 'Layer1'));
    const res = await admin.request({
      method: 'PUT',
      url: `/api/admin/sectors/${layer1!.id}`,
      payload: {
        name: 'Layer1',
        nameZh: '一层网络',
        descriptionEn: 'Base chains',
        descriptionZh: '基础链',
        color: '#123abc',
        icon: 'coins',
      },
    });
    expect(res.statusCode).toBe(200);
    await client.waitFor(hasHint('sectors.updated'));
    client.close();
  });

  test("a user's points change reaches that user's streams only, on commit; a rollback raises nothing", async () => {
    const { agent: alice } = await signUpAgent(t.app, 'rt-alice@example.com');
    const aliceId = await userIdOf(alice);
    const aliceStream = await connect(cookieOf(alice));
    const bobStream = await connect(await premiumCookies(t, 'rt-bob@example.com'));
    const visitor = await connect();
    // Their own sign-ups raise hints that may reach the streams after they opened (NOTIFY is asynchronous on
    // PostgreSQL). Markers published now arrive after those, so the counts taken below are settled. Alice is on
    // 5-minute batches, so her marker is a hint of her own (profile) rather than a public one.
    await t.events.publish({ type: 'sectors.updated' });
    await t.events.publish({ type: 'user.changed', userId: aliceId, what: 'profile' });
    await bobStream.waitFor(hasHint('sectors.updated'));
    await aliceStream.waitFor(hasHint('me.updated', (h) => h.what === 'profile'));
    const bobOwnHints = bobStream.messages.filter(hasHint('me.updated')).length;
    const aliceEarlier = aliceStream.messages.filter(hasHint('me.updated')).length;

    await withTransaction(t.db, async (tx) => {
      await tx.insert(pointsHistory).values({ userId: aliceId, pointsChange: 5, reason: 'test', currentTotal: 5 });
      throw new Error('rolled back');
    }).catch(() => {});
    await changePoints(t.db, { userId: aliceId, change: 7, reason: 'admin.adjust' });

    const aliceLater = () => aliceStream.messages.filter(hasHint('me.updated')).slice(aliceEarlier);
    await until(async () => aliceLater().length > 0);
    // One message: the rolled-back row raised nothing before the committed one.
    const [message, ...more] = aliceLater();
    expect(more).toEqual([]);
    expect(hasHint('me.updated', (h) => h.what === 'points')(message!)).toBe(true);
    await t.events.publish({ type: 'sectors.updated' }); // a later public hint: the others have had time to get any
    await until(async () => bobStream.messages.filter(hasHint('sectors.updated')).length === 2);
    expect(bobStream.messages.filter(hasHint('me.updated')).length).toBe(bobOwnHints);
    expect(visitor.messages.some(hasHint('me.updated'))).toBe(false);
    expect(JSON.stringify(message!.data)).not.toContain(aliceId);
  });

  test('closing the app ends open streams instead of waiting for them', async () => {
    const other = await buildTestApp({ catalogue: false });
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await openSse(`${url}/api/events`);
    await client.waitFor((m) => m.event === 'ready');
    const started = Date.now();
    await other.app.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    client.close();
    await other.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  test("a change written through one instance reaches the other instance's stream within one second", async () => {
    const second = await buildTestApp({ databaseOf: t });
    try {
      const secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const client = await openSse(`${secondUrl}/api/events`, await premiumCookies(t, 'rt-premium-3@example.com'));
      open.push(client);
      await client.waitFor((m) => m.event === 'ready');
      const admin = await signUpAdmin(t.app, t.db, 'rt-admin-2@example.com');
      const [gamefi] = await t.db.select().from(sectors).where(eq(sectors.name, 'GameFi'));

      const sentAt = Date.now();
      const res = await admin.request({
        method: 'PUT',
        url: `/api/admin/sectors/${gamefi!.id}`,
        payload: {
          name: 'GameFi',
          nameZh: '链游',
          descriptionEn: 'Games',
          descriptionZh: '游戏',
          color: '#22aa66',
          icon: 'gamepad',
        },
      });
      expect(res.statusCode).toBe(200);
      const message = await client.waitFor(hasHint('sectors.updated'), 1_000);
      expect(message.at - sentAt).toBeLessThan(1_000);

      // A user's own change, written by instance one, reaches that user's stream on instance two.
      const { agent } = await signUpAgent(t.app, 'rt-carol@example.com');
      const userStream = await openSse(`${secondUrl}/api/events`, cookieOf(agent));
      open.push(userStream);
      await userStream.waitFor((m) => m.event === 'ready');
      await changePoints(t.db, { userId: await userIdOf(agent), change: 3, reason: 'admin.adjust' });
      await userStream.waitFor(hasHint('me.updated'), 1_000);
    } finally {
      await second.closeKeepingDatabase();
    }
  });
});
