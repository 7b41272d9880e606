import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RESOURCES } from '../../../shared/locales/index.ts';
import { type Feature, type MembershipLevel, minimumLevelFor } from '../../../shared/membership/level.ts';
import { dailySignals, projectRaises } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { type Agent, createAgent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';

// The tier matrix's four team-era features over HTTP, as a table — feature → probe request →
// expected answer per viewer. Viewers: a visitor, free, premium and vip members (levels by points), and an admin who
// is vip by points previewing each level in test mode (so a preview may LOWER the level, and the checks follow it).
// Expected: a status, or 'reduced' (200 with the feature's data withheld and `locked` naming it). Add a row per probe.
type ViewerKey = 'visitor' | MembershipLevel | `test:${MembershipLevel}`;
type Expected = 200 | 401 | 403 | 404 | 'reduced';
type Probe = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> };
type Row = {
  feature: Feature;
  name: string;
  probe: Probe;
  expected: Record<ViewerKey, Expected>;
  /** What a 200 must say for this viewer, where the status alone does not show the tier. */
  check?: (body: Record<string, unknown>, viewer: ViewerKey) => void;
};
const levelOf = (viewer: ViewerKey): MembershipLevel | null =>
  viewer === 'visitor' ? null : (viewer.replace('test:', '') as MembershipLevel);

const VIEWERS: readonly ViewerKey[] = ['visitor', 'free', 'premium', 'vip', 'test:free', 'test:premium', 'test:vip'];
const POINTS: Record<MembershipLevel, number> = { free: 0, premium: 1000, vip: 5000 };

/** The usual shape of a vip-only probe: a visitor is asked to sign in, free and premium are refused, vip reads. */
const VIP_ONLY: Record<ViewerKey, Expected> = {
  visitor: 401,
  free: 403,
  premium: 403,
  vip: 200,
  'test:free': 403,
  'test:premium': 403,
  'test:vip': 200,
};
/** A page's read that every level gets, vip in full and lower levels reduced. */
const VIP_FULL_ELSE_REDUCED: Record<ViewerKey, Expected> = {
  visitor: 'reduced',
  free: 'reduced',
  premium: 'reduced',
  vip: 200,
  'test:free': 'reduced',
  'test:premium': 'reduced',
  'test:vip': 200,
};

const PROJECT = 'tierf-alpha';
const ROWS: readonly Row[] = [
  {
    feature: 'custom_dashboard',
    name: 'the dashboard layout',
    probe: { method: 'GET', url: '/api/me/dashboard' },
    expected: { ...VIP_ONLY, premium: 200, 'test:premium': 200 },
  },
  {
    feature: 'team_collaboration',
    name: 'whether the viewer may create a team',
    probe: { method: 'GET', url: '/api/team' },
    expected: {
      visitor: 401,
      free: 200,
      premium: 200,
      vip: 200,
      'test:free': 200,
      'test:premium': 200,
      'test:vip': 200,
    },
    check: (body, viewer) => expect(body.allowed, viewer).toBe(levelOf(viewer) === 'vip'),
  },
  {
    feature: 'priority_support',
    name: 'the priority a new support request gets',
    probe: { method: 'GET', url: '/api/support/priority' },
    expected: {
      visitor: 401,
      free: 200,
      premium: 200,
      vip: 200,
      'test:free': 200,
      'test:premium': 200,
      'test:vip': 200,
    },
    check: (body, viewer) => expect(body.priority, viewer).toBe(levelOf(viewer) === 'vip' ? 'priority' : 'normal'),
  },
  {
    feature: 'premium_data',
    name: 'daily source history',
    probe: { method: 'GET', url: `/api/projects/${PROJECT}/source-history?range=1y` },
    expected: VIP_ONLY,
  },
  {
    feature: 'premium_data',
    name: 'daily source history of an unknown project (the level is checked first)',
    probe: { method: 'GET', url: '/api/projects/tierf-nope/source-history' },
    expected: { ...VIP_ONLY, vip: 404, 'test:vip': 404 },
  },
  {
    feature: 'premium_data',
    name: "funding rounds' investors and valuations",
    probe: { method: 'GET', url: `/api/projects/${PROJECT}/funding` },
    expected: VIP_FULL_ELSE_REDUCED,
  },
];

let t: TestApp;
const agents = new Map<ViewerKey, Agent>();

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  await insertProject(t.db, { id: PROJECT, name: 'Tier Alpha' });
  const fetchedAt = new Date();
  const today = fetchedAt.toISOString().slice(0, 10);
  await t.db
    .insert(dailySignals)
    .values({ projectId: PROJECT, signal: 'price', day: today, value: 2, source: 'coingecko', fetchedAt });
  await t.db.insert(projectRaises).values({
    raiseKey: 'tierf-seed',
    projectId: PROJECT,
    name: 'Tier Alpha',
    raisedAt: new Date('2025-03-01T00:00:00.000Z'),
    round: 'Seed',
    amountUsd: 4_000_000,
    valuationUsd: 40_000_000,
    leadInvestors: ['Tierf Ventures'],
    fetchedAt,
  });
  agents.set('visitor', createAgent(t.app));
  for (const level of ['free', 'premium', 'vip'] as const) {
    const { agent, me } = await signUpAgent(t.app, `tierf-${level}@example.com`);
    if (POINTS[level] > 0)
      await creditPoints(t.db, { userId: me.user.id, amount: POINTS[level], reason: 'admin.adjust' });
    agents.set(level, agent);

    // An admin at vip (points) previewing this level in this session only.
    const email = `tierf-admin-${level}@example.com`;
    const admin = await signUpAdmin(t.app, t.db, email);
    const profile = await admin.request({ url: '/api/me' });
    await creditPoints(t.db, { userId: profile.json().user.id, amount: POINTS.vip, reason: 'admin.adjust' });
    const on = await admin.request({ method: 'PUT', url: '/api/me/test-mode', payload: { level } });
    expect(on.json()).toEqual({ testLevel: level, actualLevel: 'vip' });
    agents.set(`test:${level}`, admin);
  }
}, 240_000); // seven sign-ups (password hashing) on a shared machine
afterAll(() => t.close());

describe.each(ROWS)('$feature: $name', (row) => {
  test.each(VIEWERS)('%s', async (viewer) => {
    const expected = row.expected[viewer];
    for (const lang of ['en', 'zh'] as const) {
      const joiner = row.probe.url.includes('?') ? '&' : '?';
      const res = await agents.get(viewer)!.request({ ...row.probe, url: `${row.probe.url}${joiner}lang=${lang}` });

      const status = expected === 'reduced' ? 200 : expected;
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json();
      if (expected === 'reduced') {
        expect(body.locked).toEqual({ feature: row.feature, requiredLevel: minimumLevelFor(row.feature) });
      } else if (status === 200 && 'locked' in body) {
        expect(body.locked).toBeNull();
      }
      if (status === 200 && expected !== 'reduced') row.check?.(body, viewer);
      if (status === 401) {
        expect(['SIGN_IN_REQUIRED', 'UNAUTHORIZED']).toContain(body.error.code); // the two sign-in guards' codes
      } else if (status === 403) {
        // The upgrade message names the tier, in the request's language.
        const code = minimumLevelFor(row.feature) === 'vip' ? 'FEATURE_LOCKED_VIP' : 'FEATURE_LOCKED';
        expect(body.error).toEqual({
          code,
          message: RESOURCES[lang].errors[code],
          details: { feature: row.feature, requiredLevel: minimumLevelFor(row.feature) },
        });
        expect(body.error.message).toContain(minimumLevelFor(row.feature) === 'vip' ? 'VIP' : 'Premium');
      }
    }
  });
});
