import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProjectListResponse } from '../../../shared/api/projects.schema.ts';
import { projects } from '../../db/schema/index.ts';
import { toXProfile } from '../../sources/x/x.client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loadCatalogue, readCatalogue } from '../catalogue/catalogue.service.ts';
import { applyXVerification, isXVerified, recordSiteReview, removeVerification } from './verification.service.ts';

const at = new Date('2026-11-24T06:00:00.000Z');

describe('what makes a project verified', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(); // loads the built-in catalogue, as a fresh install does
  });
  afterAll(() => t.close());

  const list = async (query: string) =>
    (await t.app.inject({ url: `/api/projects?limit=100&${query}` })).json() as ProjectListResponse;
  const verificationOf = async (id: string) => (await t.db.select().from(projects).where(eq(projects.id, id)))[0];

  test('a fresh catalogue load verifies nothing: no entry carries a recorded review', async () => {
    expect(readCatalogue().projects.filter((p) => p.verification)).toEqual([]);
    const verified = await list('verified=true');
    const all = await list('');

    expect(verified.total).toBe(0);
    expect(all.total).toBeGreaterThan(150);
    expect(all.items.every((p) => p.verified === false && p.verification === null)).toBe(true);
  });

  test('an operator review is recorded with who and when, shown by the API and the filter, and removed again', async () => {
    const review = await recordSiteReview(t.db, 'uniswap', { by: 'Lin', note: 'checked uniswap.org', at }, t.events);

    expect(review).toEqual({ method: 'site-review', by: 'Lin', at: at.toISOString(), note: 'checked uniswap.org' });
    const detail = (await t.app.inject({ url: '/api/projects/uniswap' })).json();
    expect(detail).toMatchObject({ verified: true, verification: review });
    const verified = await list('verified=true');
    expect(verified.items.map((p) => p.id)).toEqual(['uniswap']);
    expect(verified.items[0]?.verification).toEqual(review);
    expect((await verificationOf('uniswap'))?.isVerified).toBe(true);

    // Reloading the catalogue (no review in the file) keeps the operator's record.
    await loadCatalogue(t.db);
    expect((await verificationOf('uniswap'))?.verification).toEqual(review);

    expect(await removeVerification(t.db, 'uniswap', t.events)).toEqual(review);
    expect(await verificationOf('uniswap')).toMatchObject({ verification: null, isVerified: false });
    expect((await list('verified=true')).total).toBe(0);
  });

  test('unknown projects and an empty reviewer are refused', async () => {
    await expect(recordSiteReview(t.db, 'no-such-project', { by: 'Lin', at })).rejects.toMatchObject({
      code: 'PROJECT_NOT_FOUND',
    });
    await expect(removeVerification(t.db, 'no-such-project')).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    await expect(recordSiteReview(t.db, 'uniswap', { by: '  ', at })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  test('a review written into the catalogue file is loaded with its reviewer and date', async () => {
    const catalogue = readCatalogue();
    const aave = catalogue.projects.find((p) => p.id === 'aave');
    if (!aave) throw new Error('aave is in the catalogue');
    aave.verification = { method: 'site-review', by: 'Mei', at: '2026-11-20' };

    await loadCatalogue(t.db, catalogue);

    expect(await verificationOf('aave')).toMatchObject({
      isVerified: true,
      verification: { method: 'site-review', by: 'Mei', at: '2026-11-20T00:00:00.000Z' },
    });
    await removeVerification(t.db, 'aave');
  });

  test('X: only an organisation check (business, government) verifies; a bought blue check does not', async () => {
    expect(isXVerified({ username: 'a', verified: true, verifiedType: 'business' })).toBe(true);
    expect(isXVerified({ username: 'a', verified: true, verifiedType: 'government' })).toBe(true);
    expect(isXVerified({ username: 'a', verified: true, verifiedType: 'blue' })).toBe(false);
    expect(isXVerified({ username: 'a', verified: false, verifiedType: 'none' })).toBe(false);
    // Without a type (X's pre-2023 answers) the plain flag was the legacy blue check: it proves no organisation.
    expect(isXVerified({ username: 'a', verified: true, verifiedType: null })).toBe(false);
  });

  test('X: the recorded pre-2023 user answer (verified: true, no verified_type) does not verify the project', () => {
    // /2/users/by/username/aave as recorded (shared/data/api-shapes.md, X users lookup example).
    const recorded = {
      data: {
        id: '867100333155229696',
        name: 'Aave',
        username: 'aave',
        description: 'Open source liquidity protocol.',
        verified: true,
        created_at: '2017-05-23T19:49:56.000Z',
        profile_image_url: 'https://pbs.twimg.com/profile_images/1/aave_normal.jpg',
        public_metrics: { followers_count: 812345, following_count: 512, tweet_count: 10234, listed_count: 5120 },
      },
    };

    const profile = toXProfile(recorded);

    expect(profile).toMatchObject({ verified: true, verifiedType: null });
    expect(isXVerified(profile)).toBe(false);
  });

  test('X verification is set and cleared with X, but never overrides an operator review', async () => {
    await applyXVerification(
      t.db,
      'chainlink',
      { username: 'chainlink', verified: true, verifiedType: 'business' },
      at,
    );
    expect((await verificationOf('chainlink'))?.verification).toEqual({
      method: 'x',
      by: '@chainlink',
      at: at.toISOString(),
      note: 'business',
    });

    const later = new Date('2026-12-01T06:00:00.000Z'); // a later read refreshes the date X last confirmed it
    await applyXVerification(
      t.db,
      'chainlink',
      { username: 'chainlink', verified: true, verifiedType: 'business' },
      later,
    );
    expect((await verificationOf('chainlink'))?.verification?.at).toBe(later.toISOString());

    await applyXVerification(t.db, 'chainlink', { username: 'chainlink', verified: true, verifiedType: 'blue' }, at);
    expect(await verificationOf('chainlink')).toMatchObject({ verification: null, isVerified: false });

    await recordSiteReview(t.db, 'chainlink', { by: 'Lin', at });
    await applyXVerification(t.db, 'chainlink', { username: 'chainlink', verified: false, verifiedType: 'none' }, at);
    expect((await verificationOf('chainlink'))?.verification).toMatchObject({ method: 'site-review', by: 'Lin' });
    await removeVerification(t.db, 'chainlink');
  });
});
