import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AuditResponseSchema } from '../../../shared/api/admin-data.schema.ts';
import { HeatModelsResponseSchema } from '../../../shared/api/methodology.schema.ts';
import {
  ProposalListResponseSchema,
  ProposalPreviewResponseSchema,
  ProposalSchema,
} from '../../../shared/api/weight-proposals.schema.ts';
import { createSyntheticPanel } from '../../../shared/methodology/evaluation.test-support.ts';
import { CODE_MODEL_ID } from '../../../shared/methodology/models.ts';
import { CURRENT_WEIGHTS, PROPOSAL_INPUTS } from '../../../shared/methodology/proposal.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { type Agent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import { recomputeHeat } from '../heat/recompute.service.ts';
import { seedStoredHistory } from '../methodology/methodology.test-support.ts';
import { signUpAtLevel } from '../support/support.test-support.ts';
import { evaluateProposal } from './weight-proposals.service.ts';

// Try your own weights (premium): the ranking they give beside today's, the movers and why, the evaluation against the
// current model on the same stored history; proposals saved private (the author's alone) or public; an admin turns a
// public one into a candidate model (audited). Bad weights answer 400 naming the rule.

let t: TestApp;
let premium: Agent;
let other: Agent;
let free: Agent;
let admin: Agent;

const zeros = () => Object.fromEntries(PROPOSAL_INPUTS.map((k) => [k, 0])) as Record<string, number>;
/** All weight on X followers: the ranking by followers alone. */
const FOLLOWERS_ONLY = { ...zeros(), twitterFollowers: 1 };
const MARKET_CAP_ONLY = { ...zeros(), marketCapUsd: 1 };

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  await insertSector(t.db, { id: 'defi', name: 'DeFi' });
  await insertSector(t.db, { id: 'layer1', name: 'Layer1' });
  // big-cap: the largest market, few followers; loud: small market, the most followers.
  await insertProject(t.db, {
    id: 'big-cap',
    name: 'Big Cap',
    category: 'Layer1',
    marketCap: 5e11,
    volume24h: 2e10,
    followersTwitter: 1_000,
  });
  await insertProject(t.db, {
    id: 'loud',
    name: 'Loud',
    category: 'DeFi',
    marketCap: 2e7,
    volume24h: 1e5,
    followersTwitter: 5_000_000,
  });
  await insertProject(t.db, {
    id: 'mid',
    name: 'Mid',
    category: 'DeFi',
    marketCap: 1e9,
    volume24h: 5e7,
    followersTwitter: 50_000,
  });
  await recomputeHeat(t.db, { now: new Date() });
  premium = (await signUpAtLevel(t.app, t.db, 'weights-premium@example.com', 'premium')).agent;
  other = (await signUpAtLevel(t.app, t.db, 'weights-other@example.com', 'premium')).agent;
  free = (await signUpAgent(t.app, 'weights-free@example.com')).agent;
  admin = await signUpAdmin(t.app, t.db, 'weights-admin@example.com');
});
afterAll(() => t.close());

const preview = (agent: Agent | null, payload: unknown) =>
  (agent ?? { request: t.app.inject.bind(t.app) }).request({
    method: 'POST',
    url: '/api/methodology/proposals/preview?lang=en',
    payload: payload as object,
  });

describe('the premium gate', () => {
  test('a visitor is asked to sign in, a free member told which tier includes it', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/methodology/proposals/preview',
      payload: { weights: CURRENT_WEIGHTS },
    });
    expect(visitor.statusCode).toBe(401);
    const member = await preview(free, { weights: CURRENT_WEIGHTS });
    expect(member.statusCode).toBe(403);
  });
});

describe('bad weights: 400 naming the rule, nothing computed', () => {
  test.each([
    [
      'a negative weight',
      { ...CURRENT_WEIGHTS, stars: -0.03, forks: 0.08 },
      '"field":"weights.stars","rule":"tooSmall"',
    ],
    ['weights not summing to 1', { ...CURRENT_WEIGHTS, stars: 0.5 }, 'The weights must add up to 100 %'],
    ['an unknown input', { ...CURRENT_WEIGHTS, tiktokLikes: 0 }, 'Unknown field: tiktokLikes'],
    ['a missing input', Object.fromEntries(Object.entries(CURRENT_WEIGHTS).filter(([k]) => k !== 'stars')), 'stars'],
    ['NaN (as JSON can carry it: a string)', { ...CURRENT_WEIGHTS, stars: 'NaN' }, 'Must be a number'],
  ])('%s', async (_name, weights, rule) => {
    const res = await preview(premium, { weights });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.json())).toContain(rule);
  });
});

describe('a preview', () => {
  test('ranks by the proposal beside today, with the movers and why', async () => {
    // Today loud leads on its 5 M followers; with all weight on market cap, big-cap leads and loud falls to last.
    const res = await preview(premium, { weights: MARKET_CAP_ONLY });
    expect(res.statusCode).toBe(200);
    const body = ProposalPreviewResponseSchema.parse(res.json());
    expect(body.ranked).toBe(3);
    expect(body.top.map((p) => [p.id, p.rank, p.currentRank])).toEqual([
      ['big-cap', 1, 3],
      ['mid', 2, 2],
      ['loud', 3, 1],
    ]);
    expect(body.top[0]).toMatchObject({ name: 'Big Cap' });
    const bigCap = body.movers.find((m) => m.id === 'big-cap');
    expect(bigCap?.rankChange).toBe(2);
    expect(bigCap?.why[0]).toMatchObject({ input: 'marketCapUsd' });
    expect(body.movers.find((m) => m.id === 'loud')?.rankChange).toBe(-2);
    expect(body.evaluation.horizon).toBe(7);
  });

  test('one sector ranks that sector only', async () => {
    const body = ProposalPreviewResponseSchema.parse(
      (await preview(premium, { weights: FOLLOWERS_ONLY, sector: 'DeFi' })).json(),
    );
    expect(body.top.map((p) => p.id)).toEqual(['loud', 'mid']);
  });
});

describe('saved proposals', () => {
  let privateId: string;
  let publicId: string;

  test('a private proposal is its author’s alone; a public one is listed for everyone with its evaluation', async () => {
    const save = async (agent: Agent, title: string, visibility: string) => {
      const res = await agent.request({
        method: 'POST',
        url: '/api/methodology/proposals',
        payload: { title, weights: FOLLOWERS_ONLY, visibility },
      });
      expect(res.statusCode).toBe(201);
      return ProposalSchema.parse(res.json());
    };
    privateId = (await save(premium, 'Mine only', 'private')).id;
    publicId = (await save(premium, 'Followers first', 'public')).id;

    const mine = ProposalListResponseSchema.parse(
      (await premium.request({ url: '/api/methodology/proposals' })).json(),
    );
    expect(mine.items.map((p) => p.title).sort()).toEqual(['Followers first', 'Mine only']);
    const theirs = ProposalListResponseSchema.parse(
      (await other.request({ url: '/api/methodology/proposals' })).json(),
    );
    expect(theirs.items.map((p) => p.id)).toEqual([publicId]);
    expect(theirs.items[0]).toMatchObject({ mine: false, evaluation: { horizon: 7 } });
    const visitor = ProposalListResponseSchema.parse(
      (await t.app.inject({ url: '/api/methodology/proposals' })).json(),
    );
    expect(visitor.items.map((p) => p.id)).toEqual([publicId]);
  });

  test('another user cannot delete it (404, still there); its author can', async () => {
    const stolen = await other.request({ method: 'DELETE', url: `/api/methodology/proposals/${privateId}` });
    expect(stolen.statusCode).toBe(404);
    const gone = await premium.request({ method: 'DELETE', url: `/api/methodology/proposals/${privateId}` });
    expect(gone.statusCode).toBe(204);
    const mine = ProposalListResponseSchema.parse(
      (await premium.request({ url: '/api/methodology/proposals' })).json(),
    );
    expect(mine.items.map((p) => p.id)).toEqual([publicId]);
  });

  test('only an admin turns a public proposal into a candidate model, and it is audited', async () => {
    const url = `/api/admin/methodology/proposals/${publicId}/candidate`;
    const denied = await premium.request({ method: 'POST', url, payload: { id: 'heat-followers' } });
    expect(denied.statusCode).toBe(403);
    const made = await admin.request({ method: 'POST', url, payload: { id: 'heat-followers' } });
    expect(made.statusCode).toBe(201);
    expect(ProposalSchema.parse(made.json()).candidateModel).toBe('heat-followers');
    const models = HeatModelsResponseSchema.parse((await t.app.inject({ url: '/api/methodology/models' })).json());
    expect(models.items.find((m) => m.id === 'heat-followers')).toMatchObject({ status: 'candidate' });
    const audit = AuditResponseSchema.parse((await admin.request({ url: '/api/admin/audit' })).json());
    expect(JSON.stringify(audit.items)).toContain('heat-followers');
  });
});

describe('the evaluation of a proposal', () => {
  test('is measured on the same stored history as the current model', async () => {
    const panel = createSyntheticPanel({ projects: 60, days: 75, seed: 5, attentionLag: 7 });
    await seedStoredHistory(t.db, panel, CODE_MODEL_ID);
    const after = new Date(`${panel.days[74]}T12:00:00Z`);
    const evaluation = await evaluateProposal(t.db, CURRENT_WEIGHTS, new Date(after.getTime() + 86_400_000));
    expect(evaluation.outcomes.length).toBeGreaterThan(0);
    for (const o of evaluation.outcomes) expect(o.current.correlation.days).toBe(o.proposal.correlation.days);
  });
});
