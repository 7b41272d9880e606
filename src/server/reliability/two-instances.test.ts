import { expect, inject, test } from 'vitest';
import { runTwoInstanceChecks } from './two-instances.checks.ts';

// In CI: the checks of `npm run reliability:instances` (docs/reliability.md "Several instances"), on
// the TEST_DATABASE_URL server (a database of their own, dropped afterwards). Two real server processes start here.

test.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances on one PostgreSQL: consistent reads, one runner per slot, SSE fan-out, caches dropped on both',
  async () => {
    const rows = await runTwoInstanceChecks({
      serverUrl: process.env.TEST_DATABASE_URL as string,
      template: inject('postgresTemplate'),
      schedulerSeconds: 6,
    });

    expect(rows.filter((row) => !row.pass)).toEqual([]);
    expect(rows).toHaveLength(7);
  },
  60_000,
);
