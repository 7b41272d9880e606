import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import { insertUser } from '../../src/server/features/auth/auth.queries.ts';
import { ensureProfile } from '../../src/server/features/auth/auth.service.ts';
import { hashPassword, setPasswordHashCost } from '../../src/server/features/auth/password.ts';
import { creditPoints } from '../../src/server/features/points/points.service.ts';
import { applyXVerification, recordSiteReview } from '../../src/server/features/projects/verification.service.ts';
import { openRuntime } from '../../src/server/runtime.ts';
import { writePgliteTemplate } from '../../src/server/test/pglite-template.ts';
import { adminsPerLanguage } from './admins.ts';
import { startControlServer } from './control-server.ts';
import { seedFundamentals } from './fundamentals-setup.ts';
import { E2E_VERIFIED } from './verified-fixtures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /**
     * A verified admin of the shared server per language (test mode needs one). One per language because the
     * language chosen is saved on the account and applied at every sign-in: a shared one would switch the en run to zh.
     */
    admin: Record<'zh' | 'en', { email: string; password: string }>;
    /** Premium accounts (1,000 points) of the shared server, one per UI language (watchlists need premium). */
    premium: Record<'zh' | 'en', { email: string; password: string }>;
    /** Premium accounts of their own for the analyst's whole-day flow (its alerts and lists touch no other test's). */
    analyst: Record<'zh' | 'en', { email: string; password: string }>;
    /** Premium accounts of the alerts test alone: it counts alert slots, which a saved search's alert also takes. */
    alerter: Record<'zh' | 'en', { email: string; password: string }>;
    /** VIP accounts (5,000 points) of the shared server, one per UI language (API keys need vip). */
    vip: Record<'zh' | 'en', { email: string; password: string }>;
    /** VIP accounts of the team journey alone: each creates a team (one per user), which no other test may hold. */
    teamOwner: Record<'zh' | 'en', { email: string; password: string }>;
    /** The test-only control port: recompute now, surge a project's signals (support/control-server.ts). */
    controlUrl: string;
  }
}

// CI has just run `npm run build` (.ci/run): test that very build. Elsewhere the e2e build goes to its own folder,
// so a running dev server's dist/web is never swapped underneath it.
const REUSE_CI_BUILD = process.env.CI === 'true' && existsSync(resolve('dist/web/index.html'));

/** The built web app the e2e server serves. */
export const E2E_WEB_DIR = REUSE_CI_BUILD ? resolve('dist/web') : resolve('e2e-artifacts/web');

/**
 * Builds the web app once and serves it from the real server: in-memory PGlite with the built-in catalogue, jobs
 * off, a free port. The database opens while Vite builds (both take seconds); the app is assembled after the build
 * because the static plugin lists the built files when it registers.
 */
export default async function setup(project: TestProject) {
  // The shared server's sign-ups and sign-ins hash at the test cost, as the test files' own servers do.
  setPasswordHashCost('test');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    DATA_DIR: 'memory://',
    CATALOGUE_AUTOLOAD: 'true',
    WEB_DIST_DIR: E2E_WEB_DIR,
    // The task centre's ad test waits out the minimum view time on the page: keep it short.
    AD_MIN_VIEW_SECONDS: '2',
    // Each browser context sends its own X-Forwarded-For (support/browser.ts), so visitor quotas — counted by IP —
    // belong to one test's context instead of every test sharing 127.0.0.1's ten searches a day.
    TRUST_PROXY: 'true',
  });
  const skipBuild = REUSE_CI_BUILD || process.env.E2E_SKIP_BUILD === '1';
  // One migrated, empty database for the whole run: the shared server and every server a test file starts
  // (own-server.ts, buildTestApp) load it instead of running initdb and the migrations again (~5 s of CPU each).
  const [template] = await Promise.all([writePgliteTemplate(), skipBuild || buildWeb()]);
  project.provide('pgliteTemplate', template.path);
  const runtime = await openRuntime(config, { pgliteDataDump: new Blob([readFileSync(template.path)]) });
  await recordE2eVerifications(runtime.handle.db);
  await createE2eAdmin(runtime.handle.db);
  await createE2ePremium(runtime.handle.db);
  await priceE2eProject(runtime.handle.db);
  await seedFundamentals(runtime, config);
  const app = await buildApp(
    { config, db: runtime.handle.db, dbKind: runtime.handle.kind, events: runtime.events, cache: runtime.cache },
    { logger: false },
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('baseUrl', address);
  project.provide('admin', E2E_ADMIN);
  project.provide('premium', E2E_PREMIUM);
  project.provide('analyst', E2E_ANALYST);
  project.provide('alerter', E2E_ALERTER);
  project.provide('vip', E2E_VIP);
  project.provide('teamOwner', E2E_TEAM_OWNER);
  const control = await startControlServer(runtime);
  project.provide('controlUrl', control.url);
  return async () => {
    await control.close();
    await app.close();
    await runtime.close();
    template.remove();
  };
}

async function recordE2eVerifications(db: Parameters<typeof recordSiteReview>[0]): Promise<void> {
  const { siteReview, x } = E2E_VERIFIED;
  await recordSiteReview(db, siteReview.id, { by: siteReview.by, note: siteReview.note, at: new Date(siteReview.at) });
  await applyXVerification(
    db,
    x.id,
    { username: x.username, verified: true, verifiedType: 'business' },
    new Date(x.at),
  );
}

export const E2E_ADMIN = adminsPerLanguage('e2e');

/** Verified admins with a known password, written straight through the auth queries (no mail round trip). */
async function createE2eAdmin(db: Db): Promise<void> {
  const now = new Date();
  for (const admin of Object.values(E2E_ADMIN)) {
    await insertUser(db, {
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      emailVerifiedAt: now,
      role: 'admin',
    });
  }
}

export const E2E_PREMIUM = {
  zh: { email: 'e2e-premium-zh@example.com', password: 'e2e-premium-password-1' },
  en: { email: 'e2e-premium-en@example.com', password: 'e2e-premium-password-1' },
} as const;
export const E2E_ANALYST = {
  zh: { email: 'e2e-analyst-zh@example.com', password: 'e2e-analyst-password-1' },
  en: { email: 'e2e-analyst-en@example.com', password: 'e2e-analyst-password-1' },
} as const;

export const E2E_ALERTER = {
  zh: { email: 'e2e-alerter-zh@example.com', password: 'e2e-alerter-password-1' },
  en: { email: 'e2e-alerter-en@example.com', password: 'e2e-alerter-password-1' },
} as const;

export const E2E_VIP = {
  zh: { email: 'e2e-vip-zh@example.com', password: 'e2e-vip-password-1' },
  en: { email: 'e2e-vip-en@example.com', password: 'e2e-vip-password-1' },
} as const;

export const E2E_TEAM_OWNER = {
  zh: { email: 'e2e-team-owner-zh@example.com', password: 'e2e-team-owner-password-1' },
  en: { email: 'e2e-team-owner-en@example.com', password: 'e2e-team-owner-password-1' },
} as const;

/** Verified users made premium (1,000 points) or vip (5,000) the way points do it, with known passwords. */
async function createE2ePremium(db: Db): Promise<void> {
  const now = new Date();
  const accounts = [
    ...[E2E_PREMIUM, E2E_ANALYST, E2E_ALERTER]
      .flatMap((pair) => Object.values(pair))
      .map((a) => ({ ...a, points: 1000 })),
    ...[E2E_VIP, E2E_TEAM_OWNER].flatMap((pair) => Object.values(pair)).map((a) => ({ ...a, points: 5000 })),
  ];
  for (const account of accounts) {
    const user = await insertUser(db, {
      email: account.email,
      passwordHash: await hashPassword(account.password),
      emailVerifiedAt: now,
    });
    if (!user) continue;
    await ensureProfile(db, user, {}, now);
    await creditPoints(db, { userId: user.id, amount: account.points, reason: 'admin.adjust', now });
  }
}

/** The project the watchlists test prices (the catalogue has no prices), marked as sample data like the catalogue's. */
export const E2E_PRICED = { id: 'curve', price: 0.5, change24h: 25 } as const;

async function priceE2eProject(db: Db): Promise<void> {
  // Marked like every other catalogue figure of this server (sample, the catalogue's as-of): it is test data.
  await db.execute(sql`
    UPDATE projects SET price = ${E2E_PRICED.price}, price_change_24h = ${E2E_PRICED.change24h},
      metric_sources = metric_sources || jsonb_build_object(
        'price', metric_sources->'marketCap', 'priceChange24h', metric_sources->'marketCap')
    WHERE id = ${E2E_PRICED.id} AND metric_sources->'marketCap' IS NOT NULL
  `);
}

async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would give React's development build: test what users get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: resolve('vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: E2E_WEB_DIR, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
