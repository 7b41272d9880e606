import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  AdminCorrectionListResponseSchema,
  AdminCorrectionSchema,
  CorrectionListResponseSchema,
} from '../../../shared/api/corrections.schema.ts';
import { PointsResponseSchema } from '../../../shared/api/points.schema.ts';
import { POINTS_PER_ACCEPTED_CORRECTION } from '../../../shared/membership/tasks.ts';
import { adminAudit, notifications, pointsHistory, projects } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import { proposeOk, seedCorrectable } from './corrections.test-support.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('admin review of corrections: queue, accept, reject', () => {
  let t: TestApp;
  let admin: Agent;
  let user: Agent;
  let userId: string;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    for (const id of ['one', 'two', 'three', 'four', 'five']) await seedCorrectable(t.db, id);
    admin = await signUpAdmin(t.app, t.db, 'reviewer@example.com');
    const signedUp = await signUpAgent(t.app, 'helper@example.com');
    user = signedUp.agent;
    userId = signedUp.me.user.id;
  });
  afterAll(() => t.close());

  const points = async () =>
    PointsResponseSchema.parse((await user.request({ method: 'GET', url: '/api/me/points' })).json());
  const accept = (id: string, agent = admin) =>
    agent.request({ method: 'POST', url: `/api/admin/corrections/${id}/accept?lang=en` });
  const reject = (id: string, payload: object, agent = admin) =>
    agent.request({ method: 'POST', url: `/api/admin/corrections/${id}/reject?lang=en`, payload });

  test('the queue lists pending corrections with who proposed them; a user cannot read or act on it', async () => {
    const created = await proposeOk(user, 'one', { changes: { telegram: 'https://t.me/one' }, note: 'official' });

    const res = await admin.request({ method: 'GET', url: '/api/admin/corrections?status=pending&limit=50' });
    const asUser = await user.request({ method: 'GET', url: '/api/admin/corrections' });
    const userAccept = await accept(created.id, user);
    const userReject = await reject(created.id, { reason: 'mine' }, user);
    const bad = await admin.request({ method: 'GET', url: '/api/admin/corrections?status=maybe' });

    expect(res.statusCode).toBe(200);
    const queue = AdminCorrectionListResponseSchema.parse(res.json());
    expect(queue.items.find((c) => c.id === created.id)).toMatchObject({
      userEmail: 'helper@example.com',
      projectName: 'Project one',
      note: 'official',
      current: { telegram: null },
      proposed: { telegram: 'https://t.me/one' },
    });
    for (const refused of [asUser, userAccept, userReject]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('ADMIN_REQUIRED');
    }
    expect(bad.statusCode).toBe(400);
  });

  test('accept applies the values, drops cached pages, credits 50 points once, notifies and audits', async () => {
    const created = await proposeOk(user, 'two', {
      changes: { website: 'https://two-new.example', chains: ['Base'], sector: 'Gaming', descriptionEn: 'New text' },
    });
    const warm = await user.request({ method: 'GET', url: '/api/projects/two' });
    const balance = (await points()).balance;

    const res = await accept(created.id);
    const again = await accept(created.id);
    const page = await user.request({ method: 'GET', url: '/api/projects/two' });

    expect(warm.json().links.website).toBe('https://two.example');
    expect(res.statusCode).toBe(200);
    expect(AdminCorrectionSchema.parse(res.json())).toMatchObject({
      status: 'accepted',
      points: POINTS_PER_ACCEPTED_CORRECTION,
      reviewerEmail: 'reviewer@example.com',
    });
    expect(page.json()).toMatchObject({
      links: { website: 'https://two-new.example' },
      chains: ['Base'],
      category: 'Gaming',
      description: { en: 'New text' },
    });
    const [row] = await t.db.select().from(projects).where(eq(projects.id, 'two'));
    expect(row?.categories).toEqual(['Gaming']);
    expect(row?.twitterHandle).toBe('oldhandle'); // a field the correction did not name is untouched
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CORRECTION_ALREADY_REVIEWED');
    const after = await points();
    expect(after.balance).toBe(balance + POINTS_PER_ACCEPTED_CORRECTION);
    expect(after.history.items[0]).toMatchObject({ change: 50, reason: 'correction.accepted' });
    const kinds = await t.db
      .select({ kind: notifications.kind, params: notifications.params })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    expect(kinds).toContainEqual({
      kind: 'correction_accepted',
      params: { correctionId: created.id, projectId: 'two', projectName: 'Project two', points: 50 },
    });
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityId, 'two'), eq(adminAudit.action, 'correction.accept')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ website: 'https://two.example', sector: 'DeFi', chains: ['Ethereum'] });
    expect(audit[0]?.after).toMatchObject({ website: 'https://two-new.example', sector: 'Gaming' });
  });

  test('50 parallel accepts of one correction: one application, one credit, 49 × 409', async () => {
    const created = await proposeOk(user, 'three', { changes: { discord: 'https://discord.gg/three' } });
    const balance = (await points()).balance;

    const results = await Promise.all(Array.from({ length: 50 }, () => accept(created.id)));

    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect((await points()).balance).toBe(balance + POINTS_PER_ACCEPTED_CORRECTION);
    const credits = await t.db
      .select()
      .from(pointsHistory)
      .where(eq(pointsHistory.idempotencyKey, `correction:${created.id}`));
    expect(credits).toHaveLength(1);
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.entityId, 'three'));
    expect(audit).toHaveLength(1);
  });

  test('parallel accept and reject of one correction: exactly one of them wins', async () => {
    const created = await proposeOk(user, 'four', { changes: { whitepaper: 'https://four.example/paper.pdf' } });

    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => accept(created.id)),
      ...Array.from({ length: 10 }, () => reject(created.id, { reason: 'duplicate' })),
    ]);

    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
  });

  test('a stale correction (the project changed in that field since) → 409 CORRECTION_STALE, still pending', async () => {
    const created = await proposeOk(user, 'five', { changes: { website: 'https://five-new.example' } });
    await t.db.update(projects).set({ websiteUrl: 'https://five-admin.example' }).where(eq(projects.id, 'five'));

    const res = await accept(created.id);
    const queue = AdminCorrectionListResponseSchema.parse(
      (await admin.request({ method: 'GET', url: '/api/admin/corrections?limit=100' })).json(),
    );

    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CORRECTION_STALE', details: { fields: ['website'] } });
    expect(res.json().error.message).toContain('website');
    expect(queue.items.map((c) => c.id)).toContain(created.id);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, 'five'));
    expect(row?.websiteUrl).toBe('https://five-admin.example');
  });

  test('reject needs a reason, records it, notifies the user and leaves the project alone', async () => {
    const created = await proposeOk(user, 'one', { changes: { descriptionZh: '新的介绍' } });

    const missing = await reject(created.id, {});
    const blank = await reject(created.id, { reason: '   ' });
    const huge = await reject(created.id, { reason: 'r'.repeat(501) });
    const res = await reject(created.id, { reason: 'No source for this' });
    const acceptLater = await accept(created.id);
    const mine = CorrectionListResponseSchema.parse(
      (await user.request({ method: 'GET', url: '/api/me/corrections' })).json(),
    );

    for (const refused of [missing, blank, huge]) expect(refused.statusCode).toBe(400);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'No source for this', points: 0 });
    expect(acceptLater.statusCode).toBe(409);
    expect(mine.items.find((c) => c.id === created.id)).toMatchObject({
      status: 'rejected',
      reason: 'No source for this',
    });
    const [row] = await t.db.select().from(projects).where(eq(projects.id, 'one'));
    expect(row?.descriptionZh).toBe('旧的中文介绍');
    // The user's other rejected corrections (earlier tests) notified too: find this one's, in no assumed row order.
    const notes = await t.db
      .select({ params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'correction_rejected')));
    const note = notes.find((n) => (n.params as { correctionId?: string }).correctionId === created.id);
    expect(note?.params).toMatchObject({ correctionId: created.id, reason: 'No source for this' });
  });

  test('an unknown id is a 404, a malformed one a 400', async () => {
    const unknown = await accept(UNKNOWN_ID);
    const unknownReject = await reject(UNKNOWN_ID, { reason: 'x' });
    const malformed = await accept('not-a-uuid');

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('CORRECTION_NOT_FOUND');
    expect(unknownReject.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(400);
  });
});
