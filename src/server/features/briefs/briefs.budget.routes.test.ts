import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BriefResponse } from '../../../shared/api/analysis.schema.ts';
import { dayKey } from '../../../shared/time/day-window.ts';
import { llmUsage, projects } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type FakeLlm, startFakeLlm } from '../../test/fake-llm.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';
import { selectDayTokens } from './briefs.queries.ts';
import { estimateTokens } from './llm-client.ts';

const BUDGET = 4_000;

describe('the daily token budget over HTTP: 50 parallel project briefs', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let premium: Agent;

  beforeAll(async () => {
    // The fake reports exactly the reservation (prompt estimate + output limit): the ledger holds what was reserved.
    fake = await startFakeLlm({
      reply: 'There is little to say.',
      delayMs: 30,
      usage: (request) => ({
        prompt_tokens: request.body.messages.reduce((sum, m) => sum + estimateTokens(m.content), 0),
        completion_tokens: request.body.max_tokens ?? 0,
      }),
    });
    t = await buildTestApp({
      env: {
        LLM_BASE_URL: fake.baseUrl,
        LLM_MODEL: 'fake-model',
        LLM_DAILY_TOKEN_BUDGET: String(BUDGET),
        LLM_TIMEOUT_MS: '60000',
      },
    });
    const u = await signUpAgent(t.app, 'briefs-budget@example.com');
    await creditPoints(t.db, { userId: u.me.user!.id, amount: 1000, reason: 'admin.adjust' });
    premium = u.agent;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  test('the model is called only while the day’s reservations fit the budget; the rest get the template', async () => {
    const ids = (await t.db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id)).limit(50)).map(
      (row) => row.id,
    );
    expect(ids).toHaveLength(50);
    const responses = await Promise.all(
      ids.map((id) => premium.request({ method: 'GET', url: `/api/analysis/project/${id}/brief?lang=en` })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const all = responses.map((r) => r.json() as BriefResponse);
    const called = all.filter((b) => b.origin === 'model').length;
    expect(called).toBeGreaterThanOrEqual(1);
    expect(called).toBeLessThanOrEqual(3); // each reservation is well over 1,000 tokens
    expect(fake.requests).toHaveLength(called);
    expect(all.filter((b) => b.fallbackReason === 'budget')).toHaveLength(50 - called);
    const spent = await selectDayTokens(t.db, dayKey(new Date(), t.config.DAY_TIME_ZONE));
    expect(spent).toBeLessThanOrEqual(BUDGET);
    // Every call's reservation is in the ledger, and nothing else.
    const reserves = (await t.db.select().from(llmUsage)).filter((row) => row.entry === 'reserve');
    expect(reserves).toHaveLength(called);
  });
});
