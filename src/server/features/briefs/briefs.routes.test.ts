import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { BriefResponse } from '../../../shared/api/analysis.schema.ts';
import { briefs, projects, sectors } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type FakeLlm, type FakeLlmRequest, startFakeLlm } from '../../test/fake-llm.ts';
import { captureLogLines } from '../../test/log-lines.ts';
import { type Agent, createAgent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';
import { type BriefInput, subjectOf } from './brief-input.ts';
import { checkBrief } from './brief-tags.ts';

const API_KEY = 'sk-route-test-secret-key-9f8e7d6c5b4a';

/** A grounded reply: cites the first fact of the prompt's table (whatever the analytics computed). */
function citeFirstFact(request: FakeLlmRequest): string {
  const user = request.body.messages[1]?.content ?? '';
  const line = user.split('\n').find((l) => /^[\w.]+ \| -?[\d.e+-]+ \| /.test(l));
  if (!line) return 'There is little to say.';
  const [key, value] = line.split(' | ');
  return `The first figure is {{${value}|${key}}}, from our data.`;
}

/** The `event:`/`data:` blocks of a server-sent events body. */
function eventsOf(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
    }));
}

describe('GET /api/analysis/…/brief[/stream] (model behind a fake OpenAI-compatible server)', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let premium: Agent;
  let free: Agent;
  let projectId: string;
  let sectorId: string;
  const { lines, stream } = captureLogLines();

  beforeAll(async () => {
    fake = await startFakeLlm({ reply: citeFirstFact });
    t = await buildTestApp({
      env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: API_KEY, LLM_TIMEOUT_MS: '3000' },
      logger: { level: 'info', stream },
    });
    projectId = (await t.db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id)).limit(1))[0]!.id;
    sectorId = (await t.db.select({ id: sectors.id }).from(sectors).orderBy(asc(sectors.id)).limit(1))[0]!.id;
    const u = await signUpAgent(t.app, 'briefs-premium@example.com');
    await creditPoints(t.db, { userId: u.me.user!.id, amount: 1000, reason: 'admin.adjust' });
    premium = u.agent;
    free = (await signUpAgent(t.app, 'briefs-free@example.com')).agent;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.requests.length = 0;
    fake.script({ reply: citeFirstFact });
    await t.db.delete(briefs);
  });

  test('a project brief: grounded prompt, citations kept, second request from the cache', async () => {
    const res = await premium.request({ method: 'GET', url: `/api/analysis/project/${projectId}/brief?lang=en` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const brief = res.json() as BriefResponse;
    expect(fake.requests).toHaveLength(1);
    const analysis = (
      await premium.request({ method: 'GET', url: `/api/analysis/project/${projectId}?lang=en` })
    ).json() as { facts: { key: string; value: number }[]; dataVersion: string };
    const user = fake.requests[0]!.body.messages[1]!.content;
    for (const fact of analysis.facts) expect(user).toContain(`${fact.key} | ${fact.value} |`);
    expect(brief).toMatchObject({ kind: 'project', entityId: projectId, dataVersion: analysis.dataVersion });
    expect(analysis.facts.length).toBeGreaterThan(0);
    expect(brief).toMatchObject({ origin: 'model', model: 'fake-model', fallbackReason: null });
    expect(brief.segments.some((s) => s.fact === analysis.facts[0]!.key)).toBe(true);
    expect(brief.facts.map((f) => f.key)).toEqual([analysis.facts[0]!.key]);
    const again = await premium.request({ method: 'GET', url: `/api/analysis/project/${projectId}/brief?lang=en` });
    expect(again.json()).toEqual(brief);
    expect(fake.requests).toHaveLength(1);
  });

  test('a brief states the kind and age of its inputs (the data state) and gives the model its context facts', async () => {
    const state = (await createAgent(t.app).request({ method: 'GET', url: '/api/data-state' })).json();
    expect(state.figures).toBe('sample'); // the built-in catalogue, no market source reached
    fake.script({ reply: 'Heat is {{987654|heat.score}}.' }); // rejected → the template
    const res = await premium.request({ method: 'GET', url: `/api/analysis/project/${projectId}/brief?lang=zh` });
    const brief = res.json() as BriefResponse;
    const ageDays = Math.floor((Date.now() - Date.parse(state.figuresAsOf)) / 86_400_000);
    expect(brief.inputs).toEqual({ kind: 'sample', asOf: state.figuresAsOf, ageDays });
    const text = brief.segments.map((segment) => segment.text).join('');
    expect(text.startsWith(`以下依据内置样本数据（距今 ${ageDays} 天），不是实时行情。`)).toBe(true);
    expect(text).not.toContain('当前');
    expect(brief.facts.find((fact) => fact.key === 'inputs.ageDays')).toMatchObject({
      value: ageDays,
      unit: 'days',
      source: 'catalogue-sample',
    });
    // The model is given the same inputs and context facts to cite.
    const prompt = fake.requests[0]?.body.messages[1]?.content ?? '';
    expect(prompt).toContain(`inputs.ageDays | ${ageDays} | days | catalogue-sample`);
    expect(prompt).toMatch(/context\.range30d\.days \| \d+ \| days \| heatrank/);
    // A cached brief answers with the inputs as they are now (the same here), not a stored copy.
    const again = (
      await premium.request({ method: 'GET', url: `/api/analysis/project/${projectId}/brief?lang=zh` })
    ).json() as BriefResponse;
    expect(again.inputs).toEqual(brief.inputs);
  });

  test('a brief citing a number not in the prompt is rejected: the template brief, itself grounded, is served', async () => {
    fake.script({ reply: 'Heat is {{987654|heat.score}} and rank 1.' });
    for (const [kind, id] of [
      ['sector', sectorId],
      ['project', projectId],
    ] as const) {
      const res = await premium.request({ method: 'GET', url: `/api/analysis/${kind}/${id}/brief?lang=zh` });
      expect(res.statusCode).toBe(200);
      const brief = res.json() as BriefResponse;
      expect(brief).toMatchObject({ kind, origin: 'template', fallbackReason: 'rejected', lang: 'zh' });
      // The template on the real analytics passes the model's own check (the analysis facts, plus the inputs and
      // context facts the brief adds, which it returns among its cited facts).
      const analysis = (await premium.request({ method: 'GET', url: `/api/analysis/${kind}/${id}` })).json();
      analysis.facts = [...analysis.facts, ...brief.facts];
      const subject = subjectOf({ kind, analysis } as BriefInput);
      const tagged = brief.segments.map((s) => (s.fact ? `{{${s.text}|${s.fact}}}` : s.text)).join('');
      expect(checkBrief(tagged, subject.facts, subject.names)).toMatchObject({ ok: true });
      expect(brief.segments.some((s) => s.fact !== null)).toBe(true);
    }
  });

  test('a model failure → failed (template); the key appears in no response and no log line', async () => {
    fake.script({ status: 500 });
    lines.length = 0;
    const res = await createAgent(t.app).request({ method: 'GET', url: '/api/analysis/market/brief?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'market', entityId: null, origin: 'template', fallbackReason: 'failed' });
    expect(fake.requests[0]?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(lines.join('\n')).toContain('brief: model call failed');
    expect(lines.join('\n')).not.toContain(API_KEY);
    expect(res.body).not.toContain(API_KEY);
    const docs = await createAgent(t.app).request({ method: 'GET', url: '/api/docs' });
    expect(docs.body).not.toContain(API_KEY);
  });

  test('the stream sends delta events as the model writes, then done; a cached brief streams as one done', async () => {
    fake.script({ reply: citeFirstFact, chunkDelayMs: 5, chunkSize: 4 });
    const res = await createAgent(t.app).request({ method: 'GET', url: '/api/analysis/market/brief/stream?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = eventsOf(res.body);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(events.at(-1)?.event).toBe('done');
    const done = events.at(-1)!.data as BriefResponse;
    const text = deltas.map((e) => (e.data as { text: string }).text).join('');
    expect(done.origin).toBe('model');
    expect(text).toBe(done.segments.map((s) => s.text).join(''));
    expect(text).not.toContain('{{');

    const cached = await createAgent(t.app).request({
      method: 'GET',
      url: '/api/analysis/market/brief/stream?lang=en',
    });
    expect(eventsOf(cached.body)).toEqual([{ event: 'done', data: done }]);
    expect(fake.requests).toHaveLength(1);
  });

  test('over a socket the deltas arrive as the model writes; a client that leaves still gets the brief cached', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    fake.script({ reply: citeFirstFact, chunkDelayMs: 40, chunkSize: 6 });
    const arrivals: { event: string; at: number }[] = [];
    const response = await fetch(`${base}/api/analysis/market/brief/stream?lang=zh`);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      buffer += chunk.value;
      for (const event of buffer.matchAll(/^event: (\w+)$/gm)) arrivals.push({ event: event[1]!, at: Date.now() });
      buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
    }
    expect(arrivals.at(-1)?.event).toBe('done');
    const deltas = arrivals.filter((a) => a.event === 'delta');
    expect(deltas.length).toBeGreaterThan(2);
    expect(arrivals.at(-1)!.at - deltas[0]!.at).toBeGreaterThanOrEqual(80); // spread out, not one burst at the end

    // A fresh brief whose client leaves at the first delta: the model's brief is still finished and cached.
    fake.script({ reply: citeFirstFact, chunkDelayMs: 60, chunkSize: 3 });
    await t.db.delete(briefs);
    fake.requests.length = 0;
    const controller = new AbortController();
    const leaving = await fetch(`${base}/api/analysis/market/brief/stream?lang=en`, { signal: controller.signal });
    const first = await leaving.body!.getReader().read();
    expect(new TextDecoder().decode(first.value)).toContain('event: delta');
    controller.abort();
    for (let i = 0; i < 100 && (await t.db.select().from(briefs))[0]?.state !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cached = await createAgent(t.app).request({ method: 'GET', url: '/api/analysis/market/brief?lang=en' });
    expect(cached.json()).toMatchObject({ origin: 'model' });
    expect(fake.requests).toHaveLength(1);
  });

  test('premium gating: free → 403 on project and sector briefs, 200 on the market brief; visitor → 401', async () => {
    for (const url of [`/api/analysis/project/${projectId}/brief`, `/api/analysis/sector/${sectorId}/brief/stream`]) {
      const res = await free.request({ method: 'GET', url: `${url}?lang=en` });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FEATURE_LOCKED');
    }
    expect(
      (await createAgent(t.app).request({ method: 'GET', url: `/api/analysis/project/${projectId}/brief` })).statusCode,
    ).toBe(401);
    expect((await free.request({ method: 'GET', url: '/api/analysis/market/brief?lang=zh' })).statusCode).toBe(200);
    expect(fake.requests.length).toBeLessThanOrEqual(1);
  });

  test('unknown ids → 404 (JSON and stream); a bad lang → 400', async () => {
    const project = await premium.request({
      method: 'GET',
      url: '/api/analysis/project/no-such-project/brief?lang=en',
    });
    expect(project.statusCode).toBe(404);
    expect(project.json().error.code).toBe('PROJECT_NOT_FOUND');
    const sector = await premium.request({ method: 'GET', url: '/api/analysis/sector/no-such-sector/brief/stream' });
    expect(sector.statusCode).toBe(404);
    expect(sector.json().error.code).toBe('SECTOR_NOT_FOUND');
    expect((await premium.request({ method: 'GET', url: '/api/analysis/market/brief?lang=fr' })).statusCode).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('without a configured model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('the template brief, never an error', async () => {
    for (const lang of ['zh', 'en']) {
      const res = await createAgent(t.app).request({ method: 'GET', url: `/api/analysis/market/brief?lang=${lang}` });
      expect(res.statusCode).toBe(200);
      const brief = res.json() as BriefResponse;
      expect(brief).toMatchObject({ origin: 'template', model: null, fallbackReason: 'noModel', lang });
      expect(brief.segments.length).toBeGreaterThan(0);
    }
    expect(await t.db.select().from(briefs)).toEqual([]);
  });
});
