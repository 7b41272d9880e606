import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { notifications, savedSearches, userProfiles } from '../../db/schema/index.ts';
import { afterRecompute } from '../../jobs/after-recompute.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { RecomputeResult } from '../heat/recompute.service.ts';
import { createSaved, insertProjects, setHeat, signUpWithPoints } from './saved-searches.test-support.ts';
import { compareWithBaseline, evaluateSearchAlerts } from './search-alerts.service.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute));

describe('search alerts after each recompute', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProjects(t.db, [
      { id: 'lend-a', heat: 40 },
      { id: 'lend-b', heat: 60 },
      { id: 'other', heat: 90, category: 'Gaming' },
    ]);
  });
  afterAll(() => t.close());

  // The search alerts' notifications only (making a user premium by points notifies the credit and the level too).
  const notificationsOf = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'search_alert')))
      .orderBy(notifications.createdAt);
  const rowOf = async (id: string) => (await t.db.select().from(savedSearches).where(eq(savedSearches.id, id)))[0]!;

  test('the first pass records a baseline only; a project entering the results is one notification, once', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'sa-new@example.com');
    const saved = (
      await createSaved(agent, { name: 'Lending', query: { q: 'lend', category: 'DeFi' }, alertEnabled: true })
    ).json();

    await evaluateSearchAlerts(t.db, at(0));
    expect(await notificationsOf(userId)).toEqual([]);
    expect((await rowOf(saved.id)).evaluatedAt).toEqual(at(0));

    await insertProjects(t.db, [
      { id: 'lend-c', heat: 20 },
      { id: 'lend-game', heat: 20, category: 'Gaming' },
    ]);
    await evaluateSearchAlerts(t.db, at(5));
    await evaluateSearchAlerts(t.db, at(10)); // nothing new since
    const rows = await notificationsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'search_alert',
      params: {
        savedSearchId: saved.id,
        name: 'Lending',
        reason: 'new_results',
        projects: [{ id: 'lend-c', name: 'Project lend-c' }],
        count: 1,
      },
      link: '/search?q=lend&category=DeFi',
      dedupeKey: `search:${saved.id}:new_results:${at(5).toISOString()}`,
    });
    expect((await rowOf(saved.id)).lastNotifiedAt).toEqual(at(5));
  });

  test('a result crossing the heat threshold upwards notifies on the false → true edge only', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'sa-heat@example.com');
    const saved = (
      await createSaved(agent, {
        name: 'Hot lending',
        query: { q: 'lend', category: 'DeFi' },
        alertEnabled: true,
        alertHeatThreshold: 70,
      })
    ).json();
    await evaluateSearchAlerts(t.db, at(20)); // baseline: lend-a 40, lend-b 60 …
    await setHeat(t.db, 'lend-b', 75);
    await evaluateSearchAlerts(t.db, at(25));
    await setHeat(t.db, 'lend-b', 80); // still above: no second notification
    await evaluateSearchAlerts(t.db, at(30));
    await setHeat(t.db, 'lend-b', 50);
    await evaluateSearchAlerts(t.db, at(35));
    await setHeat(t.db, 'lend-b', 70); // back at the threshold: crosses again
    await evaluateSearchAlerts(t.db, at(40));
    const rows = await notificationsOf(userId);
    expect(rows.map((r) => [r.params.reason, r.params.projects, r.params.threshold, r.dedupeKey])).toEqual([
      [
        'heat_threshold',
        [{ id: 'lend-b', name: 'Project lend-b' }],
        70,
        `search:${saved.id}:heat_threshold:${at(25).toISOString()}`,
      ],
      [
        'heat_threshold',
        [{ id: 'lend-b', name: 'Project lend-b' }],
        70,
        `search:${saved.id}:heat_threshold:${at(40).toISOString()}`,
      ],
    ]);
    await setHeat(t.db, 'lend-b', 60);
  });

  test('a notification lists up to 5 projects with the count of all; the search quota is not counted', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'sa-many@example.com');
    await createSaved(agent, { name: 'Many', query: { q: 'many' }, alertEnabled: true });
    await evaluateSearchAlerts(t.db, at(45));
    await insertProjects(
      t.db,
      Array.from({ length: 7 }, (_, i) => ({ id: `many-${i}`, heat: 10 + i })),
    );
    await evaluateSearchAlerts(t.db, at(50));
    const [row] = await notificationsOf(userId);
    expect((row!.params.projects as unknown[]).length).toBe(5);
    expect(row!.params.count).toBe(7);
    const usage = (await agent.request({ method: 'GET', url: '/api/me/usage' })).json();
    expect(usage.quotas.find((q: { quota: string }) => q.quota === 'dailySearches').used).toBe(0);
  });

  test('a broken search is logged and skipped, the others still run; afterRecompute never fails because of it', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'sa-broken@example.com');
    await t.db.insert(savedSearches).values({ userId, name: 'Broken', query: { heatMin: 'hot' }, alertEnabled: true });
    const { id } = (await createSaved(agent, { name: 'Fine', query: { q: 'lend' }, alertEnabled: true })).json();
    const log = vi.fn();
    const result = await evaluateSearchAlerts(t.db, at(55), log);
    expect(result.failed).toBe(1);
    expect(log).toHaveBeenCalledTimes(1);
    expect((await rowOf(id)).evaluatedAt).toEqual(at(55));

    const error = vi.fn();
    const recomputed = { at: at(58).toISOString(), projects: 0, projectsChanged: 0 } as RecomputeResult;
    await afterRecompute(
      {
        db: t.db,
        dbKind: t.handle.kind,
        events: { publish: async () => {} },
        log: { error } as unknown as FastifyBaseLogger,
      },
      recomputed,
    );
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ savedSearchId: expect.any(String) }),
      'search alert not evaluated',
    );
    expect((await rowOf(id)).evaluatedAt).toEqual(at(58));
  });

  test('an owner whose level no longer has search alerts is skipped: the alert stays, and notifies nothing', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'sa-downgraded@example.com');
    const { id } = (await createSaved(agent, { name: 'Gone', query: { q: 'lend' }, alertEnabled: true })).json();
    await t.db.update(userProfiles).set({ points: 0 }).where(eq(userProfiles.id, userId));
    const result = await evaluateSearchAlerts(t.db, at(59));
    expect(result.skipped).toBeGreaterThanOrEqual(1);
    const row = await rowOf(id);
    expect([row.alertEnabled, row.evaluatedAt]).toEqual([true, null]);
  });

  test('compareWithBaseline: new ids, and only seen results that were below and are now at or above', () => {
    const r = (id: string, heatScore: number | null) => ({ id, name: id, heatScore });
    const baseline = new Map([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
    const out = compareWithBaseline([r('a', 80), r('b', 90), r('c', null), r('d', 99)], baseline, 70);
    expect(out.fresh.map((x) => x.id)).toEqual(['d']);
    expect(out.crossed.map((x) => x.id)).toEqual(['a']);
    expect(out.next).toEqual([
      { projectId: 'a', aboveThreshold: true },
      { projectId: 'b', aboveThreshold: true },
      { projectId: 'c', aboveThreshold: false },
      { projectId: 'd', aboveThreshold: true },
    ]);
    expect(compareWithBaseline([r('a', 99)], baseline, null).crossed).toEqual([]);
  });
});
