import { buildApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import { loadConfig } from '../../src/server/config.ts';
import { insertUser } from '../../src/server/features/auth/auth.queries.ts';
import { hashPassword } from '../../src/server/features/auth/password.ts';
import { openRuntime, type Runtime } from '../../src/server/runtime.ts';
import { freePort } from '../../src/server/test/free-port.ts';
import { pgliteTemplate } from '../../src/server/test/pglite-template.ts';
import { E2E_WEB_DIR } from './global-setup.ts';

export type OwnServer = {
  baseURL: string;
  /** The server's database and caches, for a test that runs what a job would (e.g. one ingestion source). */
  runtime: Runtime;
  config: Config;
  close: () => Promise<void>;
};

/**
 * A server of one test file's own, for journeys that need a configuration the shared e2e server does not have (a
 * fake Stripe, a Hardhat node, X accounts): in-memory PGlite, jobs off, the built web app, the given settings on top.
 * `admin` (one account or several: one per language, as the language chosen is saved on the account) is inserted as
 * verified admin accounts before the first request. `port: 'reserve'` picks the port before
 * the configuration is read, for settings that must name the server's own address (APP_URL).
 */
export async function startOwnServer(options: {
  env: Record<string, string> | ((baseURL: string) => Record<string, string>);
  admin?: { email: string; password: string } | { email: string; password: string }[];
  port?: 'reserve';
}): Promise<OwnServer> {
  const port = options.port === 'reserve' ? await freePort() : 0;
  const reservedURL = `http://127.0.0.1:${port}`;
  const env = typeof options.env === 'function' ? options.env(reservedURL) : options.env;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    DATA_DIR: 'memory://',
    CATALOGUE_AUTOLOAD: 'false',
    WEB_DIST_DIR: E2E_WEB_DIR,
    ...env,
  });
  const runtime = await openRuntime(config, { pgliteDataDump: pgliteTemplate() });
  for (const admin of [options.admin ?? []].flat()) {
    await insertUser(runtime.handle.db, {
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      emailVerifiedAt: new Date(),
      role: 'admin',
    });
  }
  const app = await buildApp(
    { config, db: runtime.handle.db, dbKind: runtime.handle.kind, events: runtime.events, cache: runtime.cache },
    { logger: false },
  );
  const baseURL = await app.listen({ port, host: '127.0.0.1' });
  return {
    baseURL,
    runtime,
    config,
    close: async () => {
      await app.close();
      await runtime.close();
    },
  };
}
