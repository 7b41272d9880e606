import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

const PLUGINS_DIR = fileURLToPath(new URL('../../plugins/', import.meta.url));

describe('the auth plugin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('is a named Fastify plugin that decorates request.auth', async () => {
    expect(t.app.hasPlugin('auth')).toBe(true);
    expect(t.app.hasRequestDecorator('auth')).toBe(true);
  });

  test('infrastructure plugins import no feature (the auth plugin lives with its feature)', () => {
    const offenders = readdirSync(PLUGINS_DIR)
      // Tests may drive a plugin through a feature's test support; the lint fence excludes them too.
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .filter((name) => /from '\.\.\/features\//.test(readFileSync(`${PLUGINS_DIR}${name}`, 'utf8')));

    expect(offenders).toEqual([]);
  });
});
