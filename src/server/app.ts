import { hostname } from 'node:os';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { V1_SECURITY_SCHEME } from '../shared/api/v1.schema.ts';
import type { AppDeps, AppInput } from './app-deps.ts';
import type { Config } from './config.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { adminDataRoutes } from './features/admin/admin-data.routes.ts';
import { dbSetupRoutes } from './features/admin/db-setup.routes.ts';
import { maintenanceRoutes } from './features/admin/maintenance.routes.ts';
import { adsAdminRoutes } from './features/ads/ads.routes.ts';
import { alertsRoutes } from './features/alerts/alerts.routes.ts';
import { analysisRoutes } from './features/analysis/analysis.routes.ts';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes.ts';
import { apiV1Routes } from './features/api-keys/api-v1.routes.ts';
import { authPlugin } from './features/auth/auth.plugin.ts';
import { authRoutes, meRoutes } from './features/auth/auth.routes.ts';
import { briefsRoutes } from './features/briefs/briefs.routes.ts';
import { clientErrorsAdminRoutes, clientErrorsRoutes } from './features/client-errors/client-errors.routes.ts';
import { compareRoutes } from './features/compare/compare.routes.ts';
import {
  correctionsAdminRoutes,
  myCorrectionsRoutes,
  projectCorrectionsRoutes,
} from './features/corrections/corrections.routes.ts';
import { cryptoPaymentsRoutes } from './features/crypto-payments/crypto-payments.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { exportsRoutes } from './features/exports/exports.routes.ts';
import { fundingRoutes, logoRoutes } from './features/fundamentals/fundamentals.routes.ts';
import { projectHeatRoutes, sectorHeatRoutes } from './features/heat/heat.routes.ts';
import { ingestionAdminRoutes } from './features/ingestion/ingestion.routes.ts';
import { testModeRoutes } from './features/membership/test-mode.routes.ts';
import { methodologyAdminRoutes, methodologyRoutes } from './features/methodology/methodology.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import { paymentsAdminRoutes } from './features/payments/payments-admin.routes.ts';
import { platformsRoutes } from './features/platforms/platforms.routes.ts';
import { pointsRoutes } from './features/points/points.routes.ts';
import { premiumDataRoutes } from './features/premium-data/premium-data.routes.ts';
import { projectsRoutes } from './features/projects/projects.routes.ts';
import { quotasRoutes } from './features/quotas/quotas.routes.ts';
import { realtimeRoutes } from './features/realtime/realtime.routes.ts';
import { createRealtimeHub } from './features/realtime/realtime-hub.ts';
import { savedSearchesRoutes } from './features/saved-searches/saved-searches.routes.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { sectorsRoutes } from './features/sectors/sectors.routes.ts';
import { siteRoutes } from './features/site/site.routes.ts';
import { socialAccountsRoutes } from './features/social-accounts/social-accounts.routes.ts';
import { twitterDebugRoutes } from './features/social-accounts/twitter-debug.routes.ts';
import { socialSummaryRoutes } from './features/social-summary/social-summary.routes.ts';
import { supportAdminRoutes, supportRoutes } from './features/support/support.routes.ts';
import { syncRoutes } from './features/system/sync.routes.ts';
import { systemRoutes } from './features/system/system.routes.ts';
import { APP_VERSION } from './features/system/system.service.ts';
import { taskProgressHooks } from './features/tasks/progress.hooks.ts';
import { referralPort } from './features/tasks/referral.service.ts';
import { shareVisitRoutes, tasksRoutes } from './features/tasks/tasks.routes.ts';
import { teamSharingRoutes } from './features/team-sharing/team-sharing.routes.ts';
import { teamsRoutes } from './features/teams/teams.routes.ts';
import { projectTrendRoutes, sectorTrendRoutes } from './features/trend/trend.routes.ts';
import { watchlistsRoutes } from './features/watchlists/watchlists.routes.ts';
import {
  weightProposalsAdminRoutes,
  weightProposalsRoutes,
} from './features/weight-proposals/weight-proposals.routes.ts';
import { jobsPlugin } from './jobs/jobs.plugin.ts';
import { createRecomputeTrigger } from './jobs/recompute-trigger.ts';
import { JOB_CATALOGUE } from './jobs/registry.ts';
import { withSafeErrorLogging } from './log-redaction.ts';
import { createMailer } from './mail/mailer.ts';
import { registerApiReference } from './plugins/api-reference.ts';
import { clientErrorHandler, errorHandler, frameworkErrors } from './plugins/error-handler.ts';
import {
  documentOperation,
  SESSION_SECURITY_DEFINITION,
  SESSION_SECURITY_SCHEME,
} from './plugins/openapi-operations.ts';
import { rejectNul } from './plugins/reject-nul.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { staticWeb } from './plugins/static-web.ts';
import type { Job } from './runs/job.ts';

/** A hop count becomes the function Fastify takes for it (trust the nearest `hops` proxies). */
function toTrustProxy(value: Config['TRUST_PROXY']) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

export type BuildAppOptions = {
  logger?: FastifyServerOptions['logger'];
  /** Scheduled jobs (default: all of them; runs only with JOBS_ENABLED). */
  jobs?: readonly Job[];
};

/** Builds the Fastify app with every feature registered by hand (no autoload): a URL's handler is one jump away. */
export async function buildApp(input: AppInput, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger: withSafeErrorLogging(options.logger ?? { level: input.config.LOG_LEVEL }),
    bodyLimit: 1024 * 1024,
    trustProxy: toTrustProxy(input.config.TRUST_PROXY),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  const deps: AppDeps = {
    ...input,
    readDb: input.readDb ?? input.db,
    readReplicas: input.readReplicas ?? { list: () => [], attachLog: () => {} },
    mailer: (input.mailer ?? createMailer(input.config)).withLog(app.log),
  };
  deps.readReplicas.attachLog(app.log); // a replica skipped or back in use: one line, its name and an error code
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  await app.register(rejectNul);
  await app.register(securityHeaders, {
    config: deps.config,
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false, // set by securityHeaders itself: only over https
    },
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(authPlugin, { config: deps.config, db: deps.db }); // cookies, request.auth, CSRF
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'HeatRank API',
        version: APP_VERSION,
        license: { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' }, // package.json's
        description:
          'Web3 project heat rankings. Errors: `{ error: { code, message } }`. The public API for vip users is under ' +
          "/api/v1 (tag v1): send `Authorization: Bearer <key>` (keys: the web app's /api-access page); 1,000 calls " +
          'an hour per user, reported in RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds), ' +
          'with Retry-After on 429. /api/v1 answers in English unless the request asks for Chinese (`?lang=zh` or ' +
          "`Accept-Language: zh`); the web app's own routes default to Chinese.",
      },
      // Relative: the server this document was fetched from (each self-hosted instance serves its own).
      servers: [{ url: '/', description: 'This server' }],
      // The public API first: it is what most readers of this document come for.
      tags: [{ name: 'v1', description: 'The public read API for vip users (bearer API key, hourly quota)' }],
      components: {
        securitySchemes: {
          [SESSION_SECURITY_SCHEME]: SESSION_SECURITY_DEFINITION,
          [V1_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (hr_live_…) created on /api-access by a vip user; shown once at creation.',
          },
        },
      },
    },
    transform: documentOperation,
  });

  // Aborted first thing on close (SIGTERM/SIGINT in main.ts, or a test's app.close()): running jobs and an admin's
  // refresh stop their source calls at once and record their runs as cancelled, so closing never waits on an outside
  // API (a refresh against unreachable sources kept the server alive for minutes after SIGTERM).
  const stopping = new AbortController();
  app.addHook('preClose', async () => {
    stopping.abort(new Error('the server was stopping'));
  });

  // Every feature, by hand, at its URLs' own prefix; the few at the bare /api serve several roots, each listed with
  // its roots in route-prefixes.test.ts.
  await app.register(taskProgressHooks, deps); // counts project/sector/history views as task progress
  // Open event streams of this instance; ended before the server closes (an open stream would keep it open).
  const realtime = createRealtimeHub(deps.events);
  app.addHook('preClose', async () => realtime.closeAll());
  app.addHook('onClose', async () => realtime.close());
  await app.register(systemRoutes, { prefix: '/api', ...deps, openStreams: () => realtime.size });
  await app.register(realtimeRoutes, { prefix: '/api/events', ...deps, realtime }); // SSE hints
  await app.register(siteRoutes, { prefix: '/api/site', ...deps }); // the configured public channels
  await app.register(clientErrorsRoutes, { prefix: '/api/client-errors', ...deps }); // crash reports (rate-limited)
  await app.register(projectsRoutes, { prefix: '/api/projects', ...deps });
  await app.register(sectorsRoutes, { prefix: '/api/sectors', ...deps });
  await app.register(platformsRoutes, { prefix: '/api/platforms', ...deps });
  await app.register(authRoutes, { prefix: '/api/auth', ...deps, referrals: referralPort }); // tasks' referrals, as a port
  await app.register(meRoutes, { prefix: '/api/me', ...deps });
  await app.register(accountRoutes, { prefix: '/api/me', ...deps }); // /profile|password|providers|sign-out-everywhere, DELETE
  await app.register(pointsRoutes, { prefix: '/api/me/points', ...deps });
  await app.register(tasksRoutes, { prefix: '/api', ...deps }); // /tasks/*, /me/tasks
  await app.register(shareVisitRoutes, { prefix: '/api/share-visits', ...deps }); // public
  await app.register(quotasRoutes, { prefix: '/api/me/usage', ...deps });
  await app.register(testModeRoutes, { prefix: '/api/me/test-mode', ...deps });
  await app.register(searchRoutes, { prefix: '/api/search', ...deps }); // counted; /facets, /suggest
  await app.register(compareRoutes, { prefix: '/api/compare', ...deps }); // premium
  await app.register(projectTrendRoutes, { prefix: '/api/projects', ...deps }); // /:id/trend (premium)
  await app.register(sectorTrendRoutes, { prefix: '/api/sectors', ...deps }); // /:id/trend (premium)
  await app.register(analysisRoutes, { prefix: '/api/analysis', ...deps }); // /project/:id|sector/:id|market (full: premium)
  await app.register(briefsRoutes, { prefix: '/api/analysis', ...deps }); // /{project/:id|sector/:id|market}/brief[/stream]
  await app.register(watchlistsRoutes, { prefix: '/api', ...deps }); // /watchlists/*, /me/watching (premium)
  await app.register(alertsRoutes, { prefix: '/api/alerts', ...deps }); // premium; webhooks vip
  await app.register(notificationsRoutes, { prefix: '/api/notifications', ...deps }); // the bell and /notifications
  await app.register(apiKeysRoutes, { prefix: '/api/me/api-keys', ...deps }); // create: vip
  await app.register(apiV1Routes, { prefix: '/api/v1', ...deps }); // the public API: bearer key, hourly quota
  await app.register(teamsRoutes, { prefix: '/api/team', ...deps }); // my one team: seats, invitations; create/invite vip
  await app.register(savedSearchesRoutes, { prefix: '/api/saved-searches', ...deps }); // premium; alerts counted
  // …/:id/share, /team/watchlists|saved-searches|notes/*, /projects/:id/notes: what a team shares (seat, not plan)
  await app.register(teamSharingRoutes, { prefix: '/api', ...deps });
  await app.register(dashboardRoutes, { prefix: '/api/me/dashboard', ...deps }); // premium custom dashboard
  await app.register(exportsRoutes, { prefix: '/api', ...deps }); // /exports/*, /export-schedules/* (premium; counted)
  await app.register(projectCorrectionsRoutes, { prefix: '/api/projects', ...deps }); // POST /:id/corrections
  await app.register(myCorrectionsRoutes, { prefix: '/api/me', ...deps }); // /corrections
  await app.register(supportRoutes, { prefix: '/api/support', ...deps }); // /priority, /requests[/:id[/messages|/close]]
  await app.register(cryptoPaymentsRoutes, { prefix: '/api/payments/crypto', ...deps }); // options, purchase, tx hash, state
  await app.register(paymentsRoutes, { prefix: '/api', ...deps }); // /payments/plans|checkout|return|stripe/webhook, /me/payments
  await app.register(methodologyRoutes, { prefix: '/api/methodology', ...deps }); // /evaluation (JSON|CSV), /models
  await app.register(weightProposalsRoutes, { prefix: '/api/methodology/proposals', ...deps }); // try my weights (premium)
  await app.register(adminRoutes, { prefix: '/api/admin', ...deps, jobs: JOB_CATALOGUE });
  // Created and imported projects are scored by a heat recompute started once the change commits (the heat job under
  // its lock, seconds rather than the next 5-minute run); closing the app waits for it (no write to a closed db).
  const heatRescore = createRecomputeTrigger(
    { ...deps, now: () => new Date(), log: app.log },
    `${hostname()}:${process.pid}`,
    'manual',
  );
  app.decorate('heatRescore', heatRescore);
  app.addHook('onClose', async () => {
    heatRescore.stop();
    await heatRescore.settled();
  });
  await app.register(adminDataRoutes, { prefix: '/api/admin', ...deps, rescore: heatRescore.request }); // /audit, /import[/preview], /projects/:id, /sectors/:id
  // candidate models, promote (a promotion starts the recompute that re-scores every project)
  await app.register(methodologyAdminRoutes, {
    prefix: '/api/admin/methodology',
    ...deps,
    rescore: heatRescore.request,
  });
  await app.register(weightProposalsAdminRoutes, { prefix: '/api/admin/methodology/proposals', ...deps });
  await app.register(correctionsAdminRoutes, { prefix: '/api/admin/corrections', ...deps }); // the review queue
  await app.register(supportAdminRoutes, { prefix: '/api/admin/support', ...deps }); // the queue, /:id, /:id/replies|state
  await app.register(paymentsAdminRoutes, { prefix: '/api/admin/payments', ...deps }); // list, POST /:id/refund
  await app.register(adsAdminRoutes, { prefix: '/api/admin/ads', ...deps });
  await app.register(clientErrorsAdminRoutes, { prefix: '/api/admin/client-errors', ...deps }); // by message, 30 days
  await app.register(socialAccountsRoutes, { prefix: '/api/admin/social-accounts', ...deps });
  await app.register(twitterDebugRoutes, { prefix: '/api/admin/twitter-debug', ...deps }); // one X call, raw + mapped
  await app.register(ingestionAdminRoutes, { prefix: '/api/admin/ingestion', ...deps });
  await app.register(dbSetupRoutes, { prefix: '/api/admin/db-setup', ...deps }); // kind, migrations, rows, size
  await app.register(maintenanceRoutes, {
    prefix: '/api/admin/maintenance',
    ...deps,
    jobs: JOB_CATALOGUE,
    stopSignal: stopping.signal,
  }); // POST /:action
  await app.register(projectHeatRoutes, { prefix: '/api/projects', ...deps }); // /:id/heat|history
  await app.register(sectorHeatRoutes, { prefix: '/api/sectors', ...deps }); // /:id/history
  await app.register(fundingRoutes, { prefix: '/api/projects', ...deps }); // /:id/funding
  await app.register(logoRoutes, { prefix: '/api/logos', ...deps }); // /:projectId
  await app.register(premiumDataRoutes, { prefix: '/api/projects', ...deps }); // /:id/source-history (vip)
  await app.register(socialSummaryRoutes, { prefix: '/api/projects', ...deps }); // /:id/social (stored X reads)
  await app.register(syncRoutes, { prefix: '/api/sync', ...deps, jobs: JOB_CATALOGUE }); // /status: runs and freshness
  const scheduled = options.jobs ?? [...JOB_CATALOGUE.scheduled, ...JOB_CATALOGUE.startup];
  await app.register(jobsPlugin, { ...deps, jobs: scheduled, stopSignal: stopping.signal });

  await registerApiReference(app); // /api/docs (the OpenAPI JSON) and /api/docs/ui (the browsable reference)
  // /api/* never falls back to the web app.
  app.all('/api/*', { schema: { hide: true } }, async (_request, reply) => reply.callNotFound());

  await app.register(staticWeb, { distDir: deps.config.WEB_DIST_DIR });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
