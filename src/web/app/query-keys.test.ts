import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { ProjectListQuerySchema } from '../../shared/api/projects.schema.ts';
import type { RealtimeHint } from '../../shared/api/realtime.schema.ts';
import { accountKeys } from '../features/account/api.ts';
import { adminKeys } from '../features/admin/api.ts';
import { alertKeys } from '../features/alerts/api.ts';
import { analysisKeys } from '../features/analysis/api.ts';
import { apiKeyKeys } from '../features/api-keys/api.ts';
import { compareKeys } from '../features/compare/api.ts';
import { correctionKeys } from '../features/corrections/api.ts';
import { cryptoPaymentKeys } from '../features/crypto-payments/api.ts';
import { dashboardKeys } from '../features/dashboard/api.ts';
import { databaseKeys } from '../features/database/api.ts';
import { exportKeys } from '../features/exports/api.ts';
import { fundingKeys } from '../features/fundamentals/api.ts';
import { heatKeys } from '../features/heat/api.ts';
import { methodologyKeys } from '../features/methodology/api.ts';
import { notificationKeys } from '../features/notifications/api.ts';
import { paymentKeys } from '../features/payments/api.ts';
import { platformKeys } from '../features/platforms/api.ts';
import { preferencesKeys } from '../features/preferences/api.ts';
import { premiumDataKeys } from '../features/premium-data/api.ts';
import { projectKeys } from '../features/projects/api.ts';
import { searchKeys } from '../features/search/api.ts';
import { sectorKeys } from '../features/sectors/api.ts';
import { siteKeys } from '../features/site/api.ts';
import { socialKeys } from '../features/social/api.ts';
import { supportKeys } from '../features/support/api.ts';
import { systemKeys } from '../features/system/api.ts';
import { taskKeys } from '../features/tasks/api.ts';
import { teamSharingKeys } from '../features/team-sharing/api.ts';
import { teamKeys } from '../features/teams/api.ts';
import { watchlistKeys } from '../features/watchlists/api.ts';
import { authKeys, membershipKeys } from '../lib/session-keys.ts';
import { invalidationsFor } from './live-updates.ts';

// A directory page's parameters, as the page builds them (the contract's parsed shape).
const DIRECTORY_PAGE = ProjectListQuerySchema.omit({ lang: true }).parse({});
const RECOMPUTE: RealtimeHint = { type: 'heat.recomputed', asOf: '2026-11-24T00:00:00.000Z' };
const EVERY_HINT: RealtimeHint[] = [
  RECOMPUTE,
  { type: 'projects.updated', ids: ['uniswap'] },
  { type: 'projects.updated' },
  { type: 'sectors.updated' },
  { type: 'sync.updated', job: 'heat' },
  { type: 'me.updated', what: 'points' },
  { type: 'me.updated', what: 'notifications' },
  { type: 'me.updated', what: 'profile' },
];

/** Would TanStack Query's invalidateQueries({ queryKey }) of this hint reach a query with `key`, and how? */
function reach(hint: RealtimeHint, key: QueryKey): 'now' | 'later' | 'no' {
  const hits = invalidationsFor(hint).filter((invalidation) => partialMatchKey(key, invalidation.queryKey));
  if (hits.some((hit) => hit.when === 'now')) return 'now';
  return hits.length ? 'later' : 'no';
}

describe('query key factories', () => {
  test("each feature's keys sit under a root of their own (one feature's refresh never reaches another's reads)", () => {
    const roots: Record<string, QueryKey[]> = {
      account: [accountKeys.all],
      admin: [adminKeys.all, adminKeys.data.all],
      alerts: [alertKeys.all],
      analysis: [analysisKeys.all],
      apiKeys: [apiKeyKeys.all],
      compare: [compareKeys.all],
      corrections: [correctionKeys.all],
      cryptoPayments: [cryptoPaymentKeys.all],
      dashboard: [dashboardKeys.all],
      database: [databaseKeys.all],
      exports: [exportKeys.all],
      fundamentals: [fundingKeys.all],
      heat: [heatKeys.all],
      methodology: [methodologyKeys.all],
      notifications: [notificationKeys.all],
      payments: [paymentKeys.all],
      platforms: [platformKeys.all],
      preferences: [preferencesKeys.all],
      premiumData: [premiumDataKeys.all],
      projects: [projectKeys.all],
      search: [searchKeys.all, searchKeys.suggestions, searchKeys.facets, searchKeys.saved],
      sectors: [sectorKeys.all],
      session: [authKeys.all, membershipKeys.all],
      site: [siteKeys.all],
      social: [socialKeys.all],
      support: [supportKeys.all],
      system: [systemKeys.all],
      tasks: [taskKeys.all, taskKeys.points],
      teamSharing: [teamSharingKeys.all],
      teams: [teamKeys.all],
      watchlists: [watchlistKeys.all],
    };
    const owners = new Map<unknown, string[]>();
    for (const [feature, keys] of Object.entries(roots)) {
      for (const key of keys) {
        expect(key).toHaveLength(1);
        owners.set(key[0], [...(owners.get(key[0]) ?? []), feature]);
      }
    }
    const shared = [...owners].filter(([, features]) => features.length > 1);
    expect(shared).toEqual([]);
  });

  test('every key a factory builds starts with its root, so invalidating the root reaches it', () => {
    const built: [QueryKey, QueryKey][] = [
      [projectKeys.all, projectKeys.detail('uniswap')],
      [projectKeys.lists(), projectKeys.list(DIRECTORY_PAGE)],
      [heatKeys.all, heatKeys.projectHistory('uniswap', '30d')],
      [dashboardKeys.allAlerts(), dashboardKeys.alerts('zh')],
      [searchKeys.all, searchKeys.results({ q: 'dex', limit: 20, offset: 0 })],
      [searchKeys.facets, searchKeys.facetsOf({ q: 'dex' })],
      [taskKeys.points, taskKeys.pointsPage(0, 'en')],
      [adminKeys.all, adminKeys.socialAccounts.usage(7)],
      [membershipKeys.all, membershipKeys.usage()],
      [authKeys.all, authKeys.me()],
    ];
    for (const [root, key] of built) expect(partialMatchKey(key, root)).toBe(true);
  });
});

describe('the live-update table, read through the factories', () => {
  test("a project edit reaches that project's page, heat, funding and social reads, not another project's page", () => {
    const edit: RealtimeHint = { type: 'projects.updated', ids: ['uniswap'] };
    for (const key of [
      projectKeys.detail('uniswap'),
      projectKeys.list(DIRECTORY_PAGE),
      heatKeys.project('uniswap'),
      fundingKeys.project('uniswap'),
      socialKeys.project('uniswap'),
      analysisKeys.market(),
    ]) {
      expect(reach(edit, key), JSON.stringify(key)).toBe('now');
    }
    expect(reach(edit, projectKeys.detail('aave'))).toBe('no');
    expect(reach(edit, heatKeys.project('aave'))).toBe('no');
  });

  test('no hint refetches a counted search now; ranked hints mark it stale for its next use', () => {
    const results = searchKeys.results({ q: 'dex', limit: 20, offset: 0 });
    for (const hint of EVERY_HINT) expect(reach(hint, results), hint.type).not.toBe('now');
    expect(reach(RECOMPUTE, results)).toBe('later');
    expect(reach(RECOMPUTE, searchKeys.facetsOf({ q: 'dex' }))).toBe('now');
  });

  test("a user's own hints reach only the session and that user's reads, never the public ranked views", () => {
    const points: RealtimeHint = { type: 'me.updated', what: 'points' };
    expect(reach(points, authKeys.me())).toBe('now');
    expect(reach(points, membershipKeys.usage())).toBe('now');
    expect(reach(points, taskKeys.pointsPage(0, 'zh'))).toBe('now');
    expect(reach(points, taskKeys.today())).toBe('now');
    expect(reach({ type: 'me.updated', what: 'notifications' }, dashboardKeys.alerts('en'))).toBe('now');
    expect(reach({ type: 'me.updated', what: 'notifications' }, dashboardKeys.market())).toBe('no');
    for (const what of ['points', 'notifications', 'profile'] as const) {
      for (const key of [projectKeys.all, heatKeys.project('uniswap'), sectorKeys.list(), searchKeys.facets]) {
        expect(reach({ type: 'me.updated', what }, key), `${what} → ${key.join('/')}`).toBe('no');
      }
    }
  });
});
