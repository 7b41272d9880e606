import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  SUPPORT_LIMITS,
  SupportListResponseSchema,
  SupportPriorityResponseSchema,
  SupportThreadSchema,
} from '../../../shared/api/support.schema.ts';
import { SUPPORT_RESPONSE_TARGETS } from '../../../shared/membership/support.ts';
import { supportMessages, supportRequests } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { type Agent, createAgent, signUpAdmin, signUpUnverifiedAgent } from '../auth/auth.test-support.ts';
import { openRequest, openRequestOk, signUpAtLevel } from './support.test-support.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const body = (subject = 'Where does the heat come from?') => ({ subject, text: 'Please explain the score.' });

describe('support requests: the user routes', () => {
  let t: TestApp;
  const agents: Record<'free' | 'premium' | 'vip', Agent> = {} as never;
  let admin: Agent;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProject(t.db, { id: 'support-alpha', name: 'Support Alpha' });
    for (const level of ['free', 'premium', 'vip'] as const) {
      agents[level] = (await signUpAtLevel(t.app, t.db, `support-${level}@example.com`, level)).agent;
    }
    admin = await signUpAdmin(t.app, t.db, 'support-admin@example.com');
  });
  afterAll(() => t.close());

  const countRows = async () => ({
    requests: (await t.db.select({ id: supportRequests.id }).from(supportRequests)).length,
    messages: (await t.db.select({ id: supportMessages.id }).from(supportMessages)).length,
  });

  test('a visitor gets 401 on every route and nothing is stored', async () => {
    const visitor = createAgent(t.app);
    const before = await countRows();

    const answers = await Promise.all([
      visitor.request({ url: '/api/support/priority' }),
      visitor.request({ url: '/api/support/requests' }),
      visitor.request({ url: `/api/support/requests/${UNKNOWN_ID}` }),
      openRequest(visitor, body()),
      visitor.request({ method: 'POST', url: `/api/support/requests/${UNKNOWN_ID}/messages`, payload: { text: 'x' } }),
      visitor.request({ method: 'POST', url: `/api/support/requests/${UNKNOWN_ID}/close` }),
    ]);

    for (const res of answers) expect(res.statusCode, res.body).toBe(401);
    expect(await countRows()).toEqual(before);
  });

  test.each([
    { level: 'free', priority: 'normal' },
    { level: 'premium', priority: 'normal' },
    { level: 'vip', priority: 'priority' },
  ] as const)('$level: the server files the request as $priority with its target', async ({ level, priority }) => {
    const agent = agents[level];
    const days = SUPPORT_RESPONSE_TARGETS[priority].businessDays;

    const shown = SupportPriorityResponseSchema.parse((await agent.request({ url: '/api/support/priority' })).json());
    const thread = await openRequestOk(agent, { ...body(), projectId: 'support-alpha' });

    expect(shown).toEqual({ level, priority, targetBusinessDays: days });
    expect(thread).toMatchObject({
      level,
      priority,
      state: 'open',
      targetBusinessDays: days,
      overdue: false,
      projectId: 'support-alpha',
      projectName: 'Support Alpha',
      language: 'en',
      messageCount: 1,
      messages: [{ author: 'user', text: 'Please explain the score.' }],
    });
    const due = new Date(thread.responseDueAt!).getTime() - new Date(thread.createdAt).getTime();
    expect(due).toBeGreaterThanOrEqual(days * 24 * 3600_000);
    expect(due).toBeLessThanOrEqual((days + 2) * 24 * 3600_000); // a weekend in between adds at most two days
  });

  test('a priority chosen by the client is refused: the server decides it', async () => {
    const res = await openRequest(agents.free, { ...body(), priority: 'priority' });

    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  test('test mode: an admin previewing vip files a priority request, previewing free a normal one', async () => {
    await admin.request({ method: 'PUT', url: '/api/me/test-mode', payload: { level: 'vip' } });
    const asVip = await openRequestOk(admin, body('Preview vip'));
    await admin.request({ method: 'PUT', url: '/api/me/test-mode', payload: { level: 'free' } });
    const asFree = await openRequestOk(admin, body('Preview free'));
    await admin.request({ method: 'PUT', url: '/api/me/test-mode', payload: { level: null } });

    expect(asVip).toMatchObject({ level: 'vip', priority: 'priority' });
    expect(asFree).toMatchObject({ level: 'free', priority: 'normal' });
  });

  test('an unverified e-mail may read but not write (403 EMAIL_NOT_VERIFIED)', async () => {
    const { agent } = await signUpUnverifiedAgent(t.app, 'support-unverified@example.com');

    const list = await agent.request({ url: '/api/support/requests' });
    const create = await openRequest(agent, body());

    expect(list.statusCode).toBe(200);
    expect(create.statusCode).toBe(403);
    expect(create.json().error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  test('list, read, follow up and close my own request; another user gets 404 for every one of its ids', async () => {
    const mine = await openRequestOk(agents.premium, body('My own thread'));
    const other = agents.free;
    const before = await countRows();

    const foreign = await Promise.all([
      other.request({ url: `/api/support/requests/${mine.id}?lang=en` }),
      other.request({ method: 'POST', url: `/api/support/requests/${mine.id}/messages`, payload: { text: 'hi' } }),
      other.request({ method: 'POST', url: `/api/support/requests/${mine.id}/close` }),
      other.request({ url: `/api/support/requests/${UNKNOWN_ID}` }),
    ]);
    const otherList = SupportListResponseSchema.parse((await other.request({ url: '/api/support/requests' })).json());

    for (const res of foreign) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('SUPPORT_REQUEST_NOT_FOUND');
    }
    expect(foreign[0]?.json().error.message).toBe('Support request not found');
    expect(otherList.items.map((r) => r.id)).not.toContain(mine.id);
    expect(await countRows()).toEqual(before);

    const followUp = await agents.premium.request({
      method: 'POST',
      url: `/api/support/requests/${mine.id}/messages`,
      payload: { text: 'One more detail.' },
    });
    const list = SupportListResponseSchema.parse(
      (await agents.premium.request({ url: '/api/support/requests' })).json(),
    );
    const closed = await agents.premium.request({ method: 'POST', url: `/api/support/requests/${mine.id}/close` });
    const afterClose = await agents.premium.request({
      method: 'POST',
      url: `/api/support/requests/${mine.id}/messages?lang=en`,
      payload: { text: 'Too late' },
    });

    expect(followUp.statusCode).toBe(201);
    expect(SupportThreadSchema.parse(followUp.json()).messages.map((m) => m.text)).toEqual([
      'Please explain the score.',
      'One more detail.',
    ]);
    expect(list.items[0]).toMatchObject({ id: mine.id, messageCount: 2, state: 'open' });
    expect(SupportThreadSchema.parse(closed.json())).toMatchObject({ state: 'closed', responseDueAt: null });
    expect(afterClose.statusCode).toBe(409);
    expect(afterClose.json().error.code).toBe('SUPPORT_REQUEST_CLOSED');
  });

  test.each([
    { name: 'an empty subject', payload: { subject: '   ', text: 'x' } },
    { name: 'a subject of 121 characters', payload: { subject: 'a'.repeat(121), text: 'x' } },
    { name: 'a text of 5001 characters', payload: { subject: 's', text: 'a'.repeat(5001) } },
    { name: 'a 100 kB text', payload: { subject: 's', text: 'a'.repeat(100_000) } },
    { name: 'a NUL byte in the text', payload: { subject: 's', text: 'a\u0000b' } },
    { name: 'a NUL byte in the subject', payload: { subject: 'a\u0000b', text: 'x' } },
    { name: 'a number as the text', payload: { subject: 's', text: 42 } },
    { name: 'an unknown field', payload: { subject: 's', text: 'x', state: 'closed' } },
  ])('$name → 400 and nothing stored', async ({ payload }) => {
    const before = await countRows();

    const res = await openRequest(agents.free, payload);

    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(await countRows()).toEqual(before);
  });

  test('an unknown project → 400 SUPPORT_PROJECT_NOT_FOUND in the request language, nothing stored', async () => {
    const before = await countRows();

    const res = await openRequest(agents.free, { ...body(), projectId: 'no-such-project' }, 'zh');

    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'SUPPORT_PROJECT_NOT_FOUND' });
    expect(res.json().error.message).toMatch(/项目/);
    expect(await countRows()).toEqual(before);
  });

  test('HTML is stored and returned as the text it is', async () => {
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';

    const thread = await openRequestOk(agents.vip, { subject: '<b>bold</b>', text: html });
    const [stored] = await t.db.select().from(supportMessages).where(eq(supportMessages.requestId, thread.id));

    expect(thread.subject).toBe('<b>bold</b>');
    expect(thread.messages[0]?.text).toBe(html);
    expect(stored?.text).toBe(html);
  });

  test('the read of a bad id is 400, not 500', async () => {
    const res = await agents.free.request({ url: '/api/support/requests/not-a-uuid' });

    expect(res.statusCode).toBe(400);
  });
});

describe('support requests: the caps hold under 50 parallel creations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test(`50 parallel creations by one user: ${SUPPORT_LIMITS.openPerUser} created, the rest 429`, async () => {
    const { agent, me } = await signUpAtLevel(t.app, t.db, 'support-burst@example.com', 'vip');

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => openRequest(agent, { subject: `Burst ${i}`, text: 'x' })),
    );
    const stored = await t.db.select().from(supportRequests).where(eq(supportRequests.userId, me.user.id));

    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(SUPPORT_LIMITS.openPerUser);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(50 - SUPPORT_LIMITS.openPerUser);
    for (const res of refused) expect(res.json().error.code).toBe('SUPPORT_LIMIT_REACHED');
    expect(stored).toHaveLength(SUPPORT_LIMITS.openPerUser);
  });

  test('closing frees a slot; the daily cap still counts the closed ones', async () => {
    const { agent } = await signUpAtLevel(t.app, t.db, 'support-daily@example.com', 'free');
    const ids: string[] = [];

    for (let i = 0; i < SUPPORT_LIMITS.perDay; i++) {
      const thread = await openRequestOk(agent, { subject: `Daily ${i}`, text: 'x' });
      ids.push(thread.id);
      await agent.request({ method: 'POST', url: `/api/support/requests/${thread.id}/close` });
    }
    const over = await openRequest(agent, { subject: 'One too many', text: 'x' });

    expect(ids).toHaveLength(SUPPORT_LIMITS.perDay);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('SUPPORT_LIMIT_REACHED');
  });
});
