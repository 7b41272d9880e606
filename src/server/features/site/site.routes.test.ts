import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SiteResponseSchema } from '../../../shared/api/site.schema.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

describe('GET /api/site', () => {
  let unset: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    [unset, configured] = await Promise.all([
      buildTestApp({ catalogue: false }),
      buildTestApp({
        catalogue: false,
        env: {
          SOCIAL_X_URL: 'https://x.com/heatrank',
          SOCIAL_TELEGRAM_URL: 'https://t.me/heatrank',
          SOCIAL_GITHUB_URL: 'https://github.com/heatrank',
          CONTACT_EMAIL: 'hello@heatrank.example',
          LLM_BASE_URL: 'http://127.0.0.1:9/v1',
          LLM_MODEL: 'qwen2.5:7b',
        },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([unset?.close(), configured?.close()]);
  });

  test('with nothing configured every channel is null (the footer shows no icon)', async () => {
    const res = await unset.app.inject({ method: 'GET', url: '/api/site' });

    expect(res.statusCode).toBe(200);
    expect(SiteResponseSchema.parse(res.json())).toEqual({
      social: { x: null, telegram: null, discord: null, github: null },
      contactEmail: null,
      aiModel: null,
      storage: unset.handle.kind,
    });
  });

  test('lists exactly the configured channels, to anyone', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/api/site' });

    expect(res.statusCode).toBe(200);
    expect(SiteResponseSchema.parse(res.json())).toEqual({
      social: {
        x: 'https://x.com/heatrank',
        telegram: 'https://t.me/heatrank',
        discord: null,
        github: 'https://github.com/heatrank',
      },
      contactEmail: 'hello@heatrank.example',
      aiModel: 'qwen2.5:7b',
      storage: configured.handle.kind,
    });
  });
});

test('a model without its endpoint writes no brief, so none is claimed', async () => {
  const t = await buildTestApp({ catalogue: false, env: { LLM_MODEL: 'qwen2.5:7b' } });

  const site = SiteResponseSchema.parse((await t.app.inject({ url: '/api/site' })).json());

  expect(site.aiModel).toBeNull();
  await t.close();
});

describe('social link configuration', () => {
  test.each([
    { name: 'plain http', value: 'http://x.com/heatrank' },
    { name: 'a script URL', value: 'javascript:alert(1)' },
    { name: 'not a URL', value: 'heatrank' },
  ])('refuses $name: only https links reach the page', ({ value }) => {
    expect(() => loadConfig({ SOCIAL_X_URL: value })).toThrow(/SOCIAL_X_URL: must be an https:\/\/ URL/);
  });

  test('refuses a contact address that is not an e-mail; empty means unset', () => {
    expect(() => loadConfig({ CONTACT_EMAIL: 'nobody' })).toThrow(/CONTACT_EMAIL/);
    expect(loadConfig({ SOCIAL_DISCORD_URL: '', CONTACT_EMAIL: '' })).toMatchObject({
      SOCIAL_DISCORD_URL: undefined,
      CONTACT_EMAIL: undefined,
    });
  });
});
