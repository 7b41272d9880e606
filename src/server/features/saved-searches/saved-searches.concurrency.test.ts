import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SAVED_SEARCHES_PER_USER, type SavedSearch } from '../../../shared/api/saved-searches.schema.ts';
import { savedSearches } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createSaved, patchSaved, signUpWithPoints } from './saved-searches.test-support.ts';

// The caps hold under parallel requests (PGlite here; TEST_DATABASE_URL runs it on PostgreSQL's real concurrency).
describe('saved-search caps under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('50 parallel alert enables by a premium user leave exactly 5 alerts; the rest are 429', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'ss-race-enable@example.com');
    const rows = await t.db
      .insert(savedSearches)
      .values(Array.from({ length: 50 }, (_, i) => ({ userId, name: `S${i}`, query: { q: 'a' } })))
      .returning({ id: savedSearches.id });
    await agent.csrf();
    const responses = await Promise.all(rows.map((r) => patchSaved(agent, r.id, { alertEnabled: true })));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(45);
    expect(responses.find((r) => r.statusCode === 429)?.json().error.code).toBe('ALERT_LIMIT_REACHED');
    const list = (await agent.request({ method: 'GET', url: '/api/saved-searches' })).json().items as SavedSearch[];
    expect(list.filter((s) => s.alertEnabled)).toHaveLength(5);
  });

  test('50 parallel creates with the alert on leave exactly 5 alerts', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'ss-race-create-alert@example.com');
    await agent.csrf();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createSaved(agent, { name: `A${i}`, query: { q: 'a' }, alertEnabled: true }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(45);
  });

  test(`60 parallel creates leave exactly ${SAVED_SEARCHES_PER_USER} saved searches`, async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'ss-race-create@example.com');
    await agent.csrf();
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => createSaved(agent, { name: `S${i}`, query: { q: `s${i}` } })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(SAVED_SEARCHES_PER_USER);
    expect(codes.filter((c) => c === 409)).toHaveLength(60 - SAVED_SEARCHES_PER_USER);
    expect(responses.find((r) => r.statusCode === 409)?.json().error.code).toBe('SAVED_SEARCH_LIMIT_REACHED');
  });
});
