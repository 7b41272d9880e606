import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  AdminSupportListResponseSchema,
  AdminSupportThreadSchema,
  SupportThreadSchema,
} from '../../../shared/api/support.schema.ts';
import { adminAudit, mailOutbox, notifications, supportRequests, userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type CapturedMail, type CapturingSmtp, startCapturingSmtp } from '../../test/capture-smtp.ts';
import { type Agent, signUpAdmin } from '../auth/auth.test-support.ts';
import { openRequestOk, signUpAtLevel } from './support.test-support.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('the support queue: admin only, priority then age, replies notify and e-mail once', () => {
  let t: TestApp;
  let smtp: CapturingSmtp;
  let received: CapturedMail[] = [];
  let admin: Agent;
  let free: { agent: Agent; userId: string };
  let vip: { agent: Agent; userId: string };

  beforeAll(async () => {
    smtp = await startCapturingSmtp();
    received = smtp.received;
    t = await buildTestApp({
      catalogue: false,
      env: {
        APP_URL: 'https://heatrank.test',
        ...smtp.env,
      },
    });
    admin = await signUpAdmin(t.app, t.db, 'queue-admin@example.com');
    const f = await signUpAtLevel(t.app, t.db, 'queue-free@example.com', 'free');
    const v = await signUpAtLevel(t.app, t.db, 'queue-vip@example.com', 'vip');
    free = { agent: f.agent, userId: f.me.user.id };
    vip = { agent: v.agent, userId: v.me.user.id };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const queue = async (query = '') => {
    const res = await admin.request({ url: `/api/admin/support${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return AdminSupportListResponseSchema.parse(res.json());
  };
  const reply = (id: string, text: string, agent = admin) =>
    agent.request({ method: 'POST', url: `/api/admin/support/${id}/replies?lang=en`, payload: { text } });
  const setState = (id: string, state: string, agent = admin) =>
    agent.request({ method: 'POST', url: `/api/admin/support/${id}/state?lang=en`, payload: { state } });
  const waitForSmtp = async (count: number) => {
    const deadline = Date.now() + 5000;
    while (received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  };
  /** Every mail queued so far (the sign-ups' verification mails among them) has reached the SMTP server or failed. */
  const settleMail = async () => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const outbox = await t.db.select({ sentAt: mailOutbox.sentAt, error: mailOutbox.error }).from(mailOutbox);
      const sent = outbox.filter((m) => m.sentAt !== null).length;
      if (outbox.every((m) => m.sentAt !== null || m.error !== null) && received.length >= sent) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  test('non-admins are refused every admin route (403), visitors 401', async () => {
    const thread = await openRequestOk(free.agent, { subject: 'Refusal check', text: 'x' });

    const asUser = await Promise.all([
      free.agent.request({ url: '/api/admin/support' }),
      free.agent.request({ url: `/api/admin/support/${thread.id}` }),
      reply(thread.id, 'I answer myself', free.agent),
      setState(thread.id, 'closed', vip.agent),
    ]);
    const asVisitor = await t.app.inject({ method: 'GET', url: '/api/admin/support' });

    for (const res of asUser) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ADMIN_REQUIRED');
    }
    expect(asVisitor.statusCode).toBe(401);
    const [row] = await t.db.select().from(supportRequests).where(eq(supportRequests.id, thread.id));
    expect(row?.state).toBe('open');
    await setState(thread.id, 'closed');
  });

  test('the queue lists priority (vip) requests first, then oldest first, with age, target and overdue', async () => {
    const oldFree = await openRequestOk(free.agent, { subject: 'Old free', text: 'x' });
    const newFree = await openRequestOk(free.agent, { subject: 'New free', text: 'x' });
    const vipLater = await openRequestOk(vip.agent, { subject: 'Vip later', text: 'x' });
    // The free one waited 10 days: past its 3 business days.
    const tenDaysAgo = new Date(Date.now() - 10 * 24 * 3600_000);
    await t.db
      .update(supportRequests)
      .set({ createdAt: tenDaysAgo, responseDueAt: new Date(Date.now() - 5 * 24 * 3600_000) })
      .where(eq(supportRequests.id, oldFree.id));

    const list = await queue();

    expect(list.items.map((r) => r.subject)).toEqual(['Vip later', 'Old free', 'New free']);
    expect(list.items[0]).toMatchObject({
      id: vipLater.id,
      priority: 'priority',
      targetBusinessDays: 1,
      overdue: false,
      userEmail: 'queue-vip@example.com',
      level: 'vip',
    });
    const old = list.items[1]!;
    expect(old).toMatchObject({ id: oldFree.id, priority: 'normal', targetBusinessDays: 3, overdue: true });
    expect(old.ageMs).toBeGreaterThanOrEqual(10 * 24 * 3600_000 - 60_000);
    expect(list.items[2]).toMatchObject({ id: newFree.id, overdue: false });
    expect(list.items[2]!.ageMs).toBeLessThan(60_000);
    expect((await queue('?state=closed')).items.map((r) => r.subject)).toEqual(['Refusal check']);
    expect((await admin.request({ url: '/api/admin/support?state=maybe' })).statusCode).toBe(400);
  });

  test('a reply: answered, one notification, one e-mail in the user’s language with a link, audited', async () => {
    await t.db.update(userProfiles).set({ language: 'zh' }).where(eq(userProfiles.id, vip.userId));
    const thread = await openRequestOk(vip.agent, { subject: 'API quota', text: 'How many calls?' });
    await settleMail(); // a sign-up's verification mail may still be on its way
    const mailsBefore = received.length;

    const res = await reply(thread.id, 'A thousand per hour.\n<b>Not bold</b>');
    await waitForSmtp(mailsBefore + 1);

    expect(res.statusCode, res.body).toBe(200);
    expect(AdminSupportThreadSchema.parse(res.json())).toMatchObject({
      state: 'answered',
      responseDueAt: null,
      overdue: false,
      messages: [
        { author: 'user', authorEmail: 'queue-vip@example.com' },
        { author: 'admin', authorEmail: 'queue-admin@example.com', text: 'A thousand per hour.\n<b>Not bold</b>' },
      ],
    });
    const notes = await t.db
      .select({ kind: notifications.kind, params: notifications.params, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, vip.userId), eq(notifications.kind, 'support_replied')));
    expect(notes).toEqual([
      {
        kind: 'support_replied',
        params: { requestId: thread.id, subject: 'API quota' },
        link: `/support?request=${thread.id}`,
      },
    ]);
    const mails = received.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual(['queue-vip@example.com']);
    expect(mails[0]?.data).toContain('A thousand per hour.');
    expect(mails[0]?.data).toContain(`https://heatrank.test/support?request=${thread.id}`);
    const outbox = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'queue-vip@example.com'));
    expect(outbox.filter((m) => m.subject.startsWith('HeatRank 客服已回复'))).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityId, thread.id), eq(adminAudit.action, 'support.reply')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: 'queue-admin@example.com', entity: 'support-request' });

    const seen = SupportThreadSchema.parse(
      (await vip.agent.request({ url: `/api/support/requests/${thread.id}` })).json(),
    );
    expect(seen.messages.map((m) => m.author)).toEqual(['user', 'admin']);
    expect(seen.messages[1]).not.toHaveProperty('authorEmail');
    expect(seen.firstResponseAt).not.toBeNull();
  });

  test('a follow-up after a reply puts the request back in the queue with a new due time', async () => {
    const thread = await openRequestOk(free.agent, { subject: 'Follow-up flow', text: 'x' });
    await reply(thread.id, 'Answer');

    const res = await free.agent.request({
      method: 'POST',
      url: `/api/support/requests/${thread.id}/messages`,
      payload: { text: 'But why?' },
    });

    expect(SupportThreadSchema.parse(res.json())).toMatchObject({ state: 'open', overdue: false });
    expect(SupportThreadSchema.parse(res.json()).responseDueAt).not.toBeNull();
  });

  test('state changes are audited; a closed request refuses replies until reopened; bad input is 4xx', async () => {
    const thread = await openRequestOk(free.agent, { subject: 'State flow', text: 'x' });
    const notesBefore = (await t.db.select().from(notifications).where(eq(notifications.userId, free.userId))).length;

    const closed = await setState(thread.id, 'closed');
    const again = await setState(thread.id, 'closed');
    const refused = await reply(thread.id, 'Too late');
    const reopened = await setState(thread.id, 'open');
    const bad = await Promise.all([
      setState(thread.id, 'archived'),
      reply(thread.id, ''),
      reply(thread.id, 'a'.repeat(100_000)),
      reply(thread.id, 'nul\u0000byte'),
      reply(UNKNOWN_ID, 'nobody'),
      admin.request({ url: '/api/admin/support/not-a-uuid' }),
    ]);

    expect(AdminSupportThreadSchema.parse(closed.json())).toMatchObject({ state: 'closed' });
    expect(again.statusCode).toBe(200);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SUPPORT_REQUEST_CLOSED');
    expect(AdminSupportThreadSchema.parse(reopened.json())).toMatchObject({ state: 'open', closedAt: null });
    expect(bad.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 404, 400]);
    const audit = await t.db
      .select({ before: adminAudit.before, after: adminAudit.after })
      .from(adminAudit)
      .where(and(eq(adminAudit.entityId, thread.id), eq(adminAudit.action, 'support.state')))
      .orderBy(adminAudit.id);
    expect(audit).toEqual([
      { before: { state: 'open' }, after: { state: 'closed' } },
      { before: { state: 'closed' }, after: { state: 'open' } },
    ]);
    const notesAfter = (await t.db.select().from(notifications).where(eq(notifications.userId, free.userId))).length;
    expect(notesAfter).toBe(notesBefore);
    const messages = AdminSupportThreadSchema.parse(
      (await admin.request({ url: `/api/admin/support/${thread.id}` })).json(),
    ).messages;
    expect(messages).toHaveLength(1);
  });
});
