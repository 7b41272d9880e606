import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CURRENT_WEIGHTS } from '../../../shared/methodology/proposal.ts';
import {
  adminAudit,
  adViews,
  alertDeliveries,
  alerts,
  apiKeys,
  authTokens,
  cryptoPayments,
  exports as exportRows,
  exportSchedules,
  houseAds,
  mailOutbox,
  notificationBroadcastReads,
  notificationBroadcasts,
  notifications,
  oauthAccounts,
  paymentHistory,
  pointsHistory,
  projectCorrections,
  projectNotes,
  quotaUsage,
  savedSearches,
  sessions,
  shareTokens,
  shareVisits,
  supportMessages,
  supportRequests,
  taskEvents,
  teamInvitations,
  teamMembers,
  teams,
  userDashboards,
  userProfiles,
  users,
  userTasks,
  watchlists,
  weightProposals,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { type Agent, createAgent, signUpAgent, TEST_PASSWORD } from '../auth/auth.test-support.ts';
import { createSession, getSessionLifetime } from '../auth/session.service.ts';

type ForeignKey = { table: string; column: string; onDelete: string };
// Tables known to hold a user's rows today (the catalogue check below also covers any added later).
const USER_TABLES = [
  ...'user_profiles sessions auth_tokens oauth_accounts points_history user_tasks'.split(' '),
  ...'saved_searches alerts alert_deliveries notifications exports export_schedules api_keys payment_history'.split(
    ' ',
  ),
];

describe('DELETE /api/me: the account and every row of it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  // Both drivers answer a raw query with { rows }.
  const rows = async (query: SQL) => ((await t.db.execute(query)) as unknown as { rows: unknown[] }).rows;

  /** Every column that references users(id), read from the catalogue: a table added later is checked too. */
  async function foreignKeysToUsers(): Promise<ForeignKey[]> {
    const result = await rows(sql`
      SELECT c.conrelid::regclass::text AS "table", a.attname AS "column", c.confdeltype AS "onDelete"
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
      ORDER BY 1, 2`);
    return result as ForeignKey[];
  }

  async function rowsOf(userId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const fk of await foreignKeysToUsers()) {
      const [row] = await rows(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(fk.table)} WHERE ${sql.identifier(fk.column)} = ${userId}`,
      );
      counts[`${fk.table}.${fk.column}`] = (row as { n: number }).n;
    }
    const [user] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.id, userId));
    counts.users = user?.n ?? 0;
    return counts;
  }

  /** One row of the user's in every table that holds user rows (beyond what sign-up made). */
  async function seedEverything(userId: string, email: string) {
    const now = new Date();
    await t.db.insert(oauthAccounts).values({ provider: 'github', providerUserId: `gh-${userId}`, userId });
    await t.db.insert(authTokens).values({
      tokenHash: `hash-${userId}`,
      userId,
      purpose: 'known_device',
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    await t.db.insert(userTasks).values({ userId, taskType: 'daily', taskKey: 'daily-login', pointsAwarded: 50 });
    await t.db.insert(pointsHistory).values({ userId, pointsChange: 50, reason: 'task.daily', currentTotal: 50 });
    await t.db.insert(savedSearches).values({ userId, name: 'mine', query: { q: 'defi' } });
    await t.db.insert(adminAudit).values({ actorId: userId, actorEmail: email, action: 'test', entity: 'project' });
    const project = await insertProject(t.db, { id: `p-${userId}` });
    // The user owns a team: their seat, an invitation they sent and one they accepted, a note on a project, a dashboard.
    const [team] = await t.db
      .insert(teams)
      .values({ name: `team ${userId.slice(0, 8)}` })
      .returning();
    await t.db.insert(teamMembers).values({ teamId: team!.id, userId, role: 'owner' });
    await t.db.insert(teamInvitations).values({
      teamId: team!.id,
      email: `invitee-${userId}@example.com`,
      tokenHash: `invite-${userId}`,
      invitedBy: userId,
      acceptedBy: userId,
      acceptedAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    await t.db
      .insert(projectNotes)
      .values({ teamId: team!.id, projectId: project.id, authorId: userId, body: 'a note' });
    await t.db.insert(userDashboards).values({ userId });
    await t.db.insert(weightProposals).values({
      userId,
      title: 'mine',
      weights: CURRENT_WEIGHTS,
      visibility: 'private',
      evaluation: { from: '2026-01-01', to: '2026-03-31', horizon: 7, outcomes: [] },
    });
    await t.db.insert(projectCorrections).values({
      projectId: project.id,
      userId,
      reviewerId: userId,
      proposed: { website: 'https://new.example' },
      current: { website: null },
      status: 'rejected',
      reason: 'a review by the same account',
      reviewedAt: now,
    });
    const [support] = await t.db
      .insert(supportRequests)
      .values({ userId, subject: 'Help', language: 'en', level: 'free', priority: 'normal' })
      .returning();
    await t.db
      .insert(supportMessages)
      .values({ requestId: support!.id, authorId: userId, authorRole: 'user', text: 'x' });
    const [alert] = await t.db
      .insert(alerts)
      .values({ userId, kind: 'heat_above', targetType: 'project', projectId: project.id, threshold: 80 })
      .returning();
    await t.db
      .insert(alertDeliveries)
      .values({ alertId: alert!.id, userId, eventKey: 'fired-1', channel: 'webhook', payload: {} });
    await t.db.insert(notifications).values({ userId, kind: 'level_changed', params: {}, dedupeKey: 'level-1' });
    const [broadcast] = await t.db
      .insert(notificationBroadcasts)
      .values({ kind: 'model_promoted', params: {}, dedupeKey: `broadcast-${userId}` })
      .returning();
    await t.db.insert(notificationBroadcastReads).values({ userId, broadcastId: broadcast!.id });
    await t.db
      .insert(exportRows)
      .values({ userId, source: { kind: 'directory', filters: {} }, options: { format: 'csv' } });
    await t.db.insert(exportSchedules).values({
      userId,
      source: { kind: 'directory', filters: {} },
      options: { format: 'csv' },
      frequency: 'weekly',
      delivery: 'download',
      nextRunAt: now,
    });
    await t.db.insert(apiKeys).values({ userId, name: 'mine', prefix: `hr_live_${userId.slice(0, 12)}`, keyHash: 'x' });
    const [payment] = await t.db
      .insert(paymentHistory)
      .values({
        userId,
        method: 'crypto',
        provider: 'crypto',
        plan: 'premium',
        period: 'monthly',
        amount: '9.9',
        currency: 'USDT',
      })
      .returning();
    await t.db.insert(cryptoPayments).values({
      paymentId: payment!.id,
      chainId: 1,
      token: 'USDT',
      tokenAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7',
      toAddress: '0x0000000000000000000000000000000000000001',
      amountUnits: '9900000',
    });
    await t.db.insert(mailOutbox).values({ to: email, subject: 'queued', text: 'a mail still queued' });
    const [ad] = await t.db.select({ id: houseAds.id }).from(houseAds).limit(1);
    await t.db.insert(adViews).values({ id: `view-${userId}`, userId, adId: ad!.id, issuedAt: now });
    await t.db
      .insert(shareTokens)
      .values({ token: `share-${userId}`, userId, projectId: 'x', day: '2030-01-01', createdAt: now });
    // This user opened someone's share link (here their own token stands in for it).
    await t.db
      .insert(shareVisits)
      .values({ token: `share-${userId}`, visitor: 'visitor-hash', visitorUserId: userId, createdAt: now });
    await t.db
      .insert(taskEvents)
      .values({ userId, taskKey: 'daily.view_sector', day: '2030-01-01', item: 'defi', createdAt: now });
    await t.db
      .insert(quotaUsage)
      .values({ subject: `user:${userId}`, quota: 'dailySearches', windowStart: now, used: 3 });
    await t.db.insert(watchlists).values({ userId, name: 'mine' });
    // Someone this user invited: their profile stays when the inviter goes.
    const [referee] = await t.db
      .insert(users)
      .values({ email: `referee-of-${email}` })
      .returning();
    await t.db.insert(userProfiles).values({ id: referee!.id, email: referee!.email, referredBy: userId });
  }

  const quotaRowsOf = async (userId: string) =>
    (
      await t.db
        .select()
        .from(quotaUsage)
        .where(eq(quotaUsage.subject, `user:${userId}`))
    ).length;

  const deleteMe = (agent: Agent, payload: unknown, lang = 'en') =>
    agent.request({ method: 'DELETE', url: `/api/me?lang=${lang}`, payload: payload as object });

  test('every table that references users deletes a user’s rows with the user (ON DELETE CASCADE)', async () => {
    const keys = await foreignKeysToUsers();
    const tables = new Set(keys.map((fk) => fk.table));
    for (const table of USER_TABLES) {
      expect(tables, table).toContain(table);
    }
    for (const fk of keys) {
      // A referee's profile outlives the friend who invited them: only the link is cleared (SET NULL). The admin audit
      // log outlives the admin who acted (docs/admin.md): its entries stay, the link to the account is cleared. So does a
      // user's reviewed correction outlive its reviewer (the proposer's own rows go with the proposer), and an admin's
      // support reply outlive the admin (the user's own messages go with their request).
      const keep = [
        'user_profiles.referred_by',
        'admin_audit.actor_id',
        'project_corrections.reviewer_id',
        'support_messages.author_id',
        // A team's note stays with the team when its author's account goes (shown without a name); an invitation's
        // record outlives the inviter and the account that accepted it.
        'project_notes.author_id',
        'team_invitations.invited_by',
        'team_invitations.accepted_by',
      ];
      const expected = keep.includes(`${fk.table}.${fk.column}`) ? 'n' : 'c';
      expect(fk.onDelete, `${fk.table}.${fk.column}`).toBe(expected);
    }
  });

  test('a confirmed deletion removes the user and every row of theirs, clears the cookie, and the password fails', async () => {
    const email = 'del-all@example.com';
    const { agent, me } = await signUpAgent(t.app, email);
    const userId = me.user.id;
    const other = await signUpAgent(t.app, 'del-keeper@example.com');
    await seedEverything(userId, email);
    await seedEverything(other.me.user.id, 'del-keeper@example.com');
    const second = createAgent(t.app);
    await second.request({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: TEST_PASSWORD } });
    const before = await rowsOf(userId);
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]); // a row in every table
    expect(before['sessions.user_id']).toBe(2);

    const res = await deleteMe(agent, { confirm: ' DEL-ALL@example.com ', password: TEST_PASSWORD });

    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'hr_session')?.value).toBe('');
    const after = await rowsOf(userId);
    expect(Object.entries(after).filter(([, n]) => n !== 0)).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(0);
    expect(await quotaRowsOf(userId)).toBe(0);
    expect(await quotaRowsOf(other.me.user.id)).toBe(1);
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, `referee-of-${email}`)),
    ).toHaveLength(1);
    expect((await agent.request({ method: 'GET', url: '/api/me' })).json().user).toBeNull();
    expect((await second.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const signIn = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    // The other user's rows are all still there.
    const kept = await rowsOf(other.me.user.id);
    expect(Object.entries(kept).filter(([, n]) => n === 0)).toEqual([]);
    expect((await other.agent.request({ method: 'GET', url: '/api/me' })).json().user.email).toBe(
      'del-keeper@example.com',
    );
  });

  test('a wrong confirmation or password changes nothing (4xx), in the request language', async () => {
    const email = 'del-refused@example.com';
    const { agent, me } = await signUpAgent(t.app, email);
    await seedEverything(me.user.id, email);
    const before = await rowsOf(me.user.id);
    const attempts: [unknown, number, string | undefined][] = [
      [{ confirm: 'someone@example.com', password: TEST_PASSWORD }, 400, 'DELETE_CONFIRMATION_MISMATCH'],
      [{ confirm: 'DELETE', password: TEST_PASSWORD }, 400, 'DELETE_CONFIRMATION_MISMATCH'],
      [{ confirm: email, password: 'not-the-password' }, 403, 'CURRENT_PASSWORD_INVALID'],
      [{ confirm: email }, 403, 'CURRENT_PASSWORD_INVALID'],
      [{ confirm: '', password: TEST_PASSWORD }, 400, undefined],
      [{ confirm: 42, password: TEST_PASSWORD }, 400, undefined],
      [{ confirm: 'x'.repeat(100_000), password: TEST_PASSWORD }, 400, undefined],
      [{ confirm: `${email}\u0000`, password: TEST_PASSWORD }, 400, undefined],
      [{ confirm: email, password: TEST_PASSWORD, userId: 'someone-else' }, 400, undefined],
      [{}, 400, undefined],
      [[], 400, undefined],
    ];
    for (const [payload, status, code] of attempts) {
      const res = await deleteMe(agent, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
      if (code) expect(res.json().error.code).toBe(code);
    }
    const noBody = await agent.request({ method: 'DELETE', url: '/api/me' });
    expect(noBody.statusCode).toBe(400);
    const zh = await deleteMe(agent, { confirm: 'nope', password: TEST_PASSWORD }, 'zh');
    expect(zh.json().error.message).toMatch(/确认内容不匹配/);
    expect(await rowsOf(me.user.id)).toEqual(before);
    expect((await agent.request({ method: 'GET', url: '/api/me' })).json().user.email).toBe(email);
  });

  test('an account without an e-mail or password confirms with DELETE', async () => {
    const [user] = await t.db.insert(users).values({ email: null }).returning();
    if (!user) throw new Error('no user');
    const session = await createSession(t.db, user, {}, new Date(), getSessionLifetime(t.config));
    const agent = createAgent(t.app);
    agent.cookies.set('hr_session', session.token);
    agent.cookies.set('hr_csrf', session.csrfToken);

    const wrong = await deleteMe(agent, { confirm: 'delete' });
    const right = await deleteMe(agent, { confirm: 'DELETE' });

    expect(wrong.json().error.code).toBe('DELETE_CONFIRMATION_MISMATCH');
    expect(right.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await t.db.select().from(userProfiles).where(eq(userProfiles.id, user.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
  test('the owner of a team with members is refused (transfer or delete it first); alone, the team goes too', async () => {
    const owner = await signUpAgent(t.app, 'del-team-owner@example.com');
    const member = await signUpAgent(t.app, 'del-team-member@example.com');
    const [team] = await t.db.insert(teams).values({ name: 'Desk' }).returning();
    await t.db.insert(teamMembers).values([
      { teamId: team!.id, userId: owner.me.user.id, role: 'owner' },
      { teamId: team!.id, userId: member.me.user.id, role: 'member' },
    ]);

    const refused = await deleteMe(owner.agent, { confirm: 'del-team-owner@example.com', password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TEAM_OWNER_CANNOT_LEAVE');
    expect(await t.db.select().from(users).where(eq(users.id, owner.me.user.id))).toHaveLength(1);

    await t.db.delete(teamMembers).where(eq(teamMembers.userId, member.me.user.id));
    const done = await deleteMe(owner.agent, { confirm: 'del-team-owner@example.com', password: TEST_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(await t.db.select().from(teams).where(eq(teams.id, team!.id))).toEqual([]);
  });
});
