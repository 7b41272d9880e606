import { sql } from 'drizzle-orm';
import type { Config } from '../../src/server/config.ts';
import { runIngestionSource } from '../../src/server/features/ingestion/ingestion.service.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import { startFakeServer } from '../../src/server/sources/testing/fake-server.ts';
import { RAISES_BODY, TEST_LOGO_PNG } from '../../src/server/sources/testing/fundamentals-fixtures.ts';

/**
 * Item 6: Uniswap's funding rounds and its logo come through the real ingestion (the raises and logos
 * sources) from a local fake DefiLlama /raises and a fake image host, once, before the browser tests run. The logo
 * is then stored in the database and served from the e2e server's own origin.
 */
export async function seedFundamentals(runtime: Runtime, config: Config): Promise<void> {
  const fake = await startFakeServer(({ path }) => {
    if (path === '/raises') return { body: RAISES_BODY };
    if (path === '/logos/uniswap.png') return { headers: { 'content-type': 'image/png' }, bytes: TEST_LOGO_PNG };
    return { status: 404, body: {} };
  });
  try {
    const { db } = runtime.handle;
    await db.execute(sql`UPDATE projects SET logo_url = ${`${fake.url}/logos/uniswap.png`} WHERE id = 'uniswap'`);
    const deps = {
      db,
      config: { ...config, DEFILLAMA_BASE_URL: fake.url, LOGO_ALLOW_PRIVATE_HOSTS: true },
      events: runtime.events,
    };
    for (const source of ['raises', 'logos'] as const) {
      const result = await runIngestionSource(deps, source, 'cli');
      if (result.failed || result.updatedIds.length === 0) {
        throw new Error(`e2e fundamentals: ${source} stored nothing (${result.errors.join('; ')})`);
      }
    }
  } finally {
    await fake.close();
  }
}
