import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CorrectionListResponseSchema } from '../../../shared/api/corrections.schema.ts';
import { CORRECTION_LIMITS } from '../../../shared/api/corrections.values.ts';
import { queryRows } from '../../db/client.ts';
import { projectCorrections } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, createAgent, signUpAgent } from '../auth/auth.test-support.ts';
import { propose, proposeOk, seedCorrectable } from './corrections.test-support.ts';

describe('user corrections: POST /api/projects/:id/corrections, GET /api/me/corrections', () => {
  let t: TestApp;
  let alice: Agent;
  let bob: Agent;
  let aliceId: string;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await seedCorrectable(t.db, 'alpha');
    await seedCorrectable(t.db, 'beta');
    await seedCorrectable(t.db, 'gamma');
    const signedUp = await signUpAgent(t.app, 'alice@example.com');
    alice = signedUp.agent;
    aliceId = signedUp.me.user.id;
    bob = (await signUpAgent(t.app, 'bob@example.com')).agent;
  });
  afterAll(() => t.close());

  const mine = async (agent: Agent) => {
    const res = await agent.request({ method: 'GET', url: '/api/me/corrections' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return CorrectionListResponseSchema.parse(res.json());
  };

  test('a visitor is refused (401) and proposes nothing', async () => {
    const visitor = createAgent(t.app);

    const post = await propose(visitor, 'alpha', { changes: { website: 'https://new.example' } });
    const list = await visitor.request({ method: 'GET', url: '/api/me/corrections?lang=en' });

    expect(post.statusCode).toBe(401);
    expect(post.json().error.code).toBe('UNAUTHORIZED');
    expect(list.statusCode).toBe(401);
  });

  test('a signed-in user proposes: pending, with the current values of exactly the proposed fields', async () => {
    const created = await proposeOk(alice, 'alpha', {
      changes: {
        website: 'https://alpha-new.example',
        twitter: 'https://x.com/AlphaNew',
        chains: ['Ethereum', 'Base'],
        descriptionZh: null,
      },
      note: 'The site moved',
      sourceUrl: 'https://alpha-new.example/about',
    });

    expect(created).toMatchObject({
      projectId: 'alpha',
      projectName: 'Project alpha',
      status: 'pending',
      note: 'The site moved',
      sourceUrl: 'https://alpha-new.example/about',
      reason: null,
      points: 0,
      reviewedAt: null,
    });
    expect(created.proposed).toEqual({
      website: 'https://alpha-new.example',
      twitter: 'AlphaNew',
      chains: ['Ethereum', 'Base'],
      descriptionZh: null,
    });
    expect(created.current).toEqual({
      website: 'https://alpha.example',
      twitter: 'oldhandle',
      chains: ['Ethereum'],
      descriptionZh: '旧的中文介绍',
    });
    expect((await mine(alice)).items.map((c) => c.id)).toContain(created.id);
  });

  test('own data only: another user sees none of them', async () => {
    await proposeOk(alice, 'beta', { changes: { telegram: 'https://t.me/beta' } });

    const bobs = await mine(bob);
    const alices = await mine(alice);

    expect(bobs).toMatchObject({ items: [], total: 0 });
    expect(alices.total).toBeGreaterThanOrEqual(2);
  });

  test('a value equal to the current one is refused with CORRECTION_UNCHANGED naming the field', async () => {
    const res = await propose(alice, 'gamma', {
      changes: { website: 'https://other.example', github: ['old-org'] },
    });

    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'CORRECTION_UNCHANGED', details: { field: 'github' } });
  });

  test.each([
    ['no changes', { changes: {} }],
    ['an unknown field', { changes: { name: 'Renamed' } }],
    ['an unknown top-level key', { changes: { website: 'https://a.example' }, points: 1000 }],
    ['a javascript: link', { changes: { website: 'javascript:alert(1)' } }],
    ['a link that is not a URL', { changes: { discord: 'not a url' } }],
    ['a bad X handle', { changes: { twitter: 'two words' } }],
    ['an empty chain list', { changes: { chains: [] } }],
    ['duplicate chains', { changes: { chains: ['Base', 'Base'] } }],
    ['too many chains', { changes: { chains: Array.from({ length: 21 }, (_, i) => `Chain${i}`) } }],
    ['a huge description', { changes: { descriptionEn: 'x'.repeat(CORRECTION_LIMITS.descriptionLength + 1) } }],
    ['a huge note', { changes: { website: 'https://a.example' }, note: 'n'.repeat(CORRECTION_LIMITS.noteLength + 1) }],
    ['a huge URL', { changes: { website: `https://a.example/${'p'.repeat(CORRECTION_LIMITS.urlLength)}` } }],
    ['a changes list instead of an object', { changes: ['website'] }],
  ])('bad input (%s) → 400 VALIDATION_FAILED and nothing stored', async (_name, payload) => {
    const before = await t.db.$count(projectCorrections);

    const res = await propose(alice, 'gamma', payload);

    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(await t.db.$count(projectCorrections)).toBe(before);
  });

  test('a NUL byte anywhere is refused with INVALID_CHARACTERS', async () => {
    const inText = await propose(alice, 'gamma', { changes: { descriptionEn: 'a\u0000b' } });
    const inKey = await propose(alice, 'gamma', { changes: { 'web\u0000site': 'https://a.example' } });
    const inPath = await alice.request({ method: 'POST', url: '/api/projects/gam%00ma/corrections', payload: {} });

    for (const res of [inText, inKey, inPath]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CHARACTERS');
    }
  });

  test('an unknown sector is a 400, an unknown project a 404, a body over the limit a 413', async () => {
    const sector = await propose(alice, 'gamma', { changes: { sector: 'Nowhere' } });
    const project = await propose(alice, 'no-such-project', { changes: { website: 'https://a.example' } });
    const huge = await propose(alice, 'gamma', { changes: { descriptionEn: 'x'.repeat(2_000_000) } });

    expect(sector.statusCode).toBe(400);
    expect(sector.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'sector' } });
    expect(project.statusCode).toBe(404);
    expect(project.json().error.code).toBe('PROJECT_NOT_FOUND');
    expect(huge.statusCode).toBe(413);
  });

  test('without the CSRF header a signed-in proposal is refused', async () => {
    const res = await alice.request({
      method: 'POST',
      url: '/api/projects/gamma/corrections',
      payload: { changes: { website: 'https://a.example' } },
      csrf: false,
    });

    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_INVALID');
  });

  test('caps: 8 parallel proposals on one project store 5; the daily cap stops the 11th of a day', async () => {
    const { agent } = await signUpAgent(t.app, 'busy@example.com');

    const parallel = await Promise.all(
      Array.from({ length: 8 }, (_, i) => propose(agent, 'gamma', { changes: { website: `https://g${i}.example` } })),
    );
    const more = [];
    for (let i = 0; i < 6; i++)
      more.push(await propose(agent, 'beta', { changes: { website: `https://b${i}.example` } }));

    expect(parallel.filter((r) => r.statusCode === 201)).toHaveLength(CORRECTION_LIMITS.pendingPerProject);
    const refused = parallel.find((r) => r.statusCode !== 201);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().error.code).toBe('CORRECTION_LIMIT_REACHED');
    expect(more.filter((r) => r.statusCode === 201)).toHaveLength(CORRECTION_LIMITS.perDay - 5);
    expect(more.at(-1)?.statusCode).toBe(429);
  });

  test('caps: at most 20 pending corrections in all, whatever their age', async () => {
    const { agent, me } = await signUpAgent(t.app, 'hoarder@example.com');
    const old = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await t.db.insert(projectCorrections).values(
      Array.from({ length: CORRECTION_LIMITS.pendingPerUser }, (_, i) => ({
        projectId: ['alpha', 'beta', 'gamma'][i % 3]!,
        userId: me.user.id,
        proposed: { website: `https://old${i}.example` },
        current: { website: 'https://x.example' },
        createdAt: old,
      })),
    );

    const res = await propose(agent, 'alpha', { changes: { whitepaper: 'https://alpha.example/paper.pdf' } });

    expect(res.statusCode).toBe(429);
  });

  test('GET /api/me/corrections pages newest first and refuses a bad page', async () => {
    const page = await alice.request({ method: 'GET', url: '/api/me/corrections?limit=1&offset=0' });
    const bad = await alice.request({ method: 'GET', url: '/api/me/corrections?limit=0' });
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM project_corrections WHERE user_id = ${aliceId}`,
    );

    expect(page.statusCode).toBe(200);
    const body = CorrectionListResponseSchema.parse(page.json());
    expect(body.items).toHaveLength(1);
    expect(body.items[0]?.projectId).toBe('beta');
    expect(body.total).toBe(n);
    expect(bad.statusCode).toBe(400);
  });
});
