import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { captureLogLines } from './test/log-lines.ts';

// The request log records each URL. One-time links (reset, verification, unlock), an OAuth callback's code and state,
// and an API key sent as ?api_key= are live credentials: opening the link must not write them to the log.
let t: TestApp;
const { lines, stream } = captureLogLines();

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false, logger: { level: 'info', stream } });
});
afterAll(() => t.close());

const SECRETS = ['tok-reset-4f1c9a', 'oauth-code-77ab', 'oauth-state-19cd', 'hr_live_key_0123456789', 'unlock-5e5e'];

test('credentials in a query string never reach the request log; the path and other parameters still do', async () => {
  for (const url of [
    `/api/auth/reset-password?token=${SECRETS[0]}&lang=en`,
    `/api/auth/oauth/google/callback?code=${SECRETS[1]}&state=${SECRETS[2]}`,
    `/api/v1/projects?api_key=${SECRETS[3]}&limit=5`,
    `/api/auth/unlock?TOKEN=${SECRETS[4]}`,
  ]) {
    await t.app.inject({ method: 'GET', url });
  }
  const log = lines.join('\n');
  for (const secret of SECRETS) expect(log).not.toContain(secret);
  const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean);
  expect(urls).toContain('/api/auth/reset-password?token=[redacted]&lang=en');
  expect(urls).toContain('/api/v1/projects?api_key=[redacted]&limit=5');
  expect(urls).toContain('/api/auth/oauth/google/callback?code=[redacted]&state=[redacted]');
});
