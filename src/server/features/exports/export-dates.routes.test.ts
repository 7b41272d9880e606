import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpVip } from '../api-keys/api-keys.test-support.ts';
import type { Agent } from '../auth/auth.test-support.ts';

// Found by the schema-valid fuzz (reliability/fuzz-valid-inputs.test.ts): a history export whose day has the right
// shape but is no calendar day ("2026-13-45") made the date check throw, and the answer was a 500.
describe('a history export with a day that does not exist', () => {
  let t: TestApp;
  let vip: Agent;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    vip = (await signUpVip(t.app, t.db, 'export-dates@example.com')).agent;
  });
  afterAll(() => t.close());

  const history = (from: string, to: string) => ({ kind: 'project_history', projectId: 'bitcoin', from, to });

  test.each([
    ['/api/exports', {}],
    ['/api/export-schedules', { frequency: 'weekly', delivery: 'download' }],
  ])('%s answers 400 VALIDATION_FAILED, not 500', async (url, extra) => {
    for (const [from, to] of [
      ['2026-13-45', '2026-14-01'],
      ['4929-33-15', '6450-71-80'],
      ['2026-02-30', '2026-03-01'],
    ]) {
      const res = await vip.request({
        method: 'POST',
        url: `${url}?lang=en`,
        payload: { source: history(from as string, to as string), options: { format: 'json' }, ...extra },
      });
      expect([from, res.statusCode, res.json().error.code]).toEqual([from, 400, 'VALIDATION_FAILED']);
    }
  });
});
