import type { FastifyBaseLogger } from 'fastify';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type Config, loadConfig } from '../../config.ts';
import { createDb } from '../../db/client.ts';
import { briefs, llmUsage } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type FakeLlm, startFakeLlm } from '../../test/fake-llm.ts';
import { LIVE_INPUTS, projectAnalysis } from './brief-fixtures.test-support.ts';
import type { BriefInput } from './brief-input.ts';
import { selectDayTokens } from './briefs.queries.ts';
import { type BriefContext, getBrief, RETRY_AFTER_MS } from './briefs.service.ts';
import { createLlmClient, estimateTokens } from './llm-client.ts';

const GOOD_EN =
  'Uniswap has a heat score of {{72.4|heat.score}}. Over 24h it rose by {{5.25|move.day.change}} points, mostly from X followers.';
const API_KEY = 'sk-test-never-show-this-key-0123456789';

describe('briefs through an OpenAI-compatible endpoint (service, against a fake server)', () => {
  let t: TestApp;
  let fake: FakeLlm;
  const warnings: string[] = [];
  const log = {
    warn: (obj: unknown, msg: string) => warnings.push(`${JSON.stringify(obj)} ${msg}`),
  } as unknown as FastifyBaseLogger;
  let clock = Date.parse('2026-11-24T13:00:00.000Z');
  const contextWith = (env: Record<string, string> = {}): BriefContext => {
    const config: Config = loadConfig({
      NODE_ENV: 'test',
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_API_KEY: API_KEY,
      LLM_TIMEOUT_MS: '2000',
      ...env,
    });
    return { db: t.db, config, llm: createLlmClient(config), log, now: () => new Date(clock) };
  };
  const project = (id = 'uniswap', name = 'Uniswap'): BriefInput => ({
    kind: 'project',
    analysis: projectAnalysis(id, name),
    inputs: LIVE_INPUTS,
  });

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    fake = await startFakeLlm();
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });
  beforeEach(async () => {
    fake.requests.length = 0;
    warnings.length = 0;
    fake.script({ reply: GOOD_EN });
    await t.db.delete(briefs);
    await t.db.delete(llmUsage);
  });

  test('the fake server also answers without streaming (usage in the body), as OpenAI does', async () => {
    fake.script({ reply: 'plain answer', usage: () => ({ prompt_tokens: 7, completion_tokens: 3 }) });
    const client = new OpenAI({ baseURL: fake.baseUrl, apiKey: 'x', maxRetries: 0 });
    const answer = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('plain answer');
    expect(answer.usage).toMatchObject({ prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 });
    expect(fake.requests[0]?.body.stream).toBeUndefined();
  });

  test('the prompt holds the grounding data; the brief keeps its citations and is served from the cache after', async () => {
    const ctx = contextWith();
    const deltas: string[] = [];
    const brief = await getBrief(ctx, project(), 'en', (text) => deltas.push(text));
    expect(fake.requests).toHaveLength(1);
    const { body, authorization } = fake.requests[0]!;
    expect(body).toMatchObject({ model: 'fake-model', stream: true, stream_options: { include_usage: true } });
    expect(authorization).toBe(`Bearer ${API_KEY}`);
    const [system, user] = body.messages;
    expect(system?.content).toContain('{{value|fact key}}');
    for (const fact of projectAnalysis().facts)
      expect(user?.content).toContain(`${fact.key} | ${fact.value} | ${fact.unit}`);

    expect(brief).toMatchObject({ origin: 'model', model: 'fake-model', fallbackReason: null, lang: 'en' });
    expect(brief.segments).toContainEqual({ text: '72.4', fact: 'heat.score' });
    expect(brief.segments).toContainEqual({ text: '5.25', fact: 'move.day.change' });
    expect(brief.facts.map((f) => f.key)).toEqual(['heat.score', 'move.day.change']);
    expect(deltas.join('')).toBe(
      GOOD_EN.replace('{{72.4|heat.score}}', '72.4').replace('{{5.25|move.day.change}}', '5.25'),
    );

    const again = await getBrief(ctx, project(), 'en');
    expect(again).toEqual(brief);
    expect(fake.requests).toHaveLength(1);
    // Another language is another brief; a new data version too.
    fake.script({ reply: '该项目热度为{{72.4|heat.score}}。' });
    expect((await getBrief(ctx, project(), 'zh')).segments[1]).toEqual({ text: '72.4', fact: 'heat.score' });
    expect(fake.requests[1]?.body.messages[0]?.content).toContain('中文');
    expect(fake.requests).toHaveLength(2);
  });

  test('a brief citing a number not in the prompt is rejected: the template is served, the model retried later', async () => {
    const ctx = contextWith();
    for (const reply of [
      'Heat is {{99|heat.score}}.',
      'Heat is {{72.4|heat.score}}, rank 3.',
      'Heat {{72.4|heat.rank}}.',
    ]) {
      await t.db.delete(briefs);
      fake.script({ reply });
      const brief = await getBrief(ctx, project(), 'en');
      expect(brief).toMatchObject({ origin: 'template', model: null, fallbackReason: 'rejected' });
      expect(brief.segments).toContainEqual({ text: '72.4', fact: 'heat.score' });
    }
    expect(warnings.join('\n')).toContain('brief: model text rejected');
    // Cached for a while (no new call), then the model is asked again.
    fake.script({ reply: GOOD_EN });
    expect((await getBrief(ctx, project(), 'en')).fallbackReason).toBe('rejected');
    expect(fake.requests).toHaveLength(3);
    clock += RETRY_AFTER_MS.rejected + 1;
    expect((await getBrief(ctx, project(), 'en')).origin).toBe('model');
    expect(fake.requests).toHaveLength(4);
  });

  test('a model error → failed, a timeout → timeout: both serve the template; tokens read are charged', async () => {
    fake.script({ status: 500 });
    expect(await getBrief(contextWith(), project(), 'en')).toMatchObject({
      origin: 'template',
      fallbackReason: 'failed',
    });
    await t.db.delete(briefs);
    fake.script({ hang: true });
    const started = Date.now();
    const timedOut = await getBrief(contextWith({ LLM_TIMEOUT_MS: '300' }), project(), 'zh');
    expect(timedOut).toMatchObject({ origin: 'template', fallbackReason: 'timeout', lang: 'zh' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(warnings.join('\n')).not.toContain(API_KEY);
    expect(await selectDayTokens(t.db, '2026-11-24')).toBeGreaterThan(0);
  });

  test('no model configured → the template, not stored', async () => {
    const ctx = { ...contextWith({ LLM_BASE_URL: '' }) };
    expect(ctx.llm).toBeNull();
    expect(await getBrief(ctx, project(), 'en')).toMatchObject({ origin: 'template', fallbackReason: 'noModel' });
    expect(await t.db.select().from(briefs)).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  test('the daily budget stops calls', async () => {
    const ctx = contextWith({ LLM_DAILY_TOKEN_BUDGET: '100' });
    expect(await getBrief(ctx, project(), 'en')).toMatchObject({ origin: 'template', fallbackReason: 'budget' });
    expect(fake.requests).toHaveLength(0);
  });

  test('a server without usage: the ledger counts UTF-8 bytes / 3', async () => {
    fake.script({ reply: GOOD_EN, usage: null });
    await getBrief(contextWith(), project(), 'en');
    const [system, user] = fake.requests[0]!.body.messages;
    const expected = estimateTokens(system!.content) + estimateTokens(user!.content) + estimateTokens(GOOD_EN);
    expect(await selectDayTokens(t.db, '2026-11-24')).toBe(expected);
  });

  test('concurrent requests for one brief call the model once', async () => {
    fake.script({ reply: GOOD_EN, delayMs: 300 });
    const ctx = contextWith();
    const all = await Promise.all(Array.from({ length: 12 }, () => getBrief(ctx, project(), 'en')));
    expect(fake.requests).toHaveLength(1);
    for (const brief of all) expect(brief).toEqual(all[0]);
    expect(all[0]?.origin).toBe('model');
  });

  // Two instances are two connection pools on one PostgreSQL database (PGlite has a single process).
  test.skipIf(!process.env.TEST_DATABASE_URL)('two instances asking at once call the model once', async () => {
    fake.script({ reply: GOOD_EN, delayMs: 300 });
    const other = await createDb({ DATABASE_URL: t.config.DATABASE_URL, DATA_DIR: 'memory://' }, { migrate: false });
    try {
      const one = contextWith();
      const two = { ...contextWith(), db: other.db };
      const all = await Promise.all(
        Array.from({ length: 10 }, (_, i) => getBrief(i % 2 === 0 ? one : two, project(), 'en')),
      );
      expect(fake.requests).toHaveLength(1);
      for (const brief of all) expect(brief).toEqual(all[0]);
    } finally {
      await other.close();
    }
  });

  test('50 parallel briefs of 50 projects with a small budget: the model is called as often as the budget allows', async () => {
    // The fake reports exactly what was reserved (prompt estimate + output limit), so the count is exact.
    fake.script({
      reply: 'Heat {{72.4|heat.score}}.',
      delayMs: 50,
      usage: (request) => ({
        prompt_tokens: request.body.messages.reduce((sum, m) => sum + estimateTokens(m.content), 0),
        completion_tokens: request.body.max_tokens ?? 0,
      }),
    });
    const ids = Array.from({ length: 50 }, (_, i) => `proj-${10 + i}`);
    const one = await getBrief(contextWith(), project('proj-00', 'Project 00'), 'en');
    expect(one.origin).toBe('model');
    const perCall = await selectDayTokens(t.db, '2026-11-24');
    await t.db.delete(llmUsage);
    fake.requests.length = 0;
    // A generous timeout: 50 briefs at once on one in-process PGlite keep the fake (same thread) waiting.
    const budget = perCall * 3 + Math.floor(perCall / 2);
    const ctx = contextWith({ LLM_DAILY_TOKEN_BUDGET: String(budget), LLM_TIMEOUT_MS: '30000' });
    const all = await Promise.all(ids.map((id) => getBrief(ctx, project(id, `Project ${id.slice(5)}`), 'en')));
    expect(fake.requests).toHaveLength(3);
    expect(all.filter((b) => b.origin === 'model')).toHaveLength(3);
    expect(all.filter((b) => b.fallbackReason === 'budget')).toHaveLength(47);
    expect(await selectDayTokens(t.db, '2026-11-24')).toBe(perCall * 3);
  });
});
