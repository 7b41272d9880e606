import { afterEach, describe, expect, test, vi } from 'vitest';
import type { BriefResponse } from '../../../shared/api/analysis.schema.ts';
import { loadBrief } from './brief-stream.ts';

const BRIEF: BriefResponse = {
  kind: 'market',
  entityId: null,
  lang: 'en',
  dataVersion: '2026-11-24T12:00:00.000Z',
  generatedAt: '2026-11-24T12:00:05.000Z',
  origin: 'template',
  model: null,
  fallbackReason: 'noModel',
  segments: [{ text: 'Quiet day.', fact: null }],
  facts: [],
  inputs: { kind: 'live', asOf: '2026-11-24T11:00:00.000Z', ageDays: 0 },
};

/** A text/event-stream answer delivered in the given chunks. */
function sse(chunks: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadBrief', () => {
  test('streams deltas, then returns the done event’s brief without asking for the JSON', async () => {
    const done = `event: done\ndata: ${JSON.stringify(BRIEF)}\n\n`;
    const fetchMock = vi.fn(async (_url: string) =>
      sse(['event: delta\ndata: {"text":"Qui"}\n\nevent: del', 'ta\ndata: {"text":"et day."}\n\n', done]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const deltas: string[] = [];

    const brief = await loadBrief({ kind: 'market', id: null }, { lang: 'en', onDelta: (t) => deltas.push(t) });

    expect(deltas).toEqual(['Qui', 'et day.']);
    expect(brief).toEqual(BRIEF);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/analysis/market/brief/stream?lang=en');
  });

  test.each([
    { name: 'a failed event', stream: () => sse(['event: failed\ndata: {"code":"INTERNAL"}\n\n']) },
    { name: 'a stream that ends without done', stream: () => sse(['event: delta\ndata: {"text":"x"}\n\n']) },
    { name: 'an HTTP error', stream: () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500) },
  ])('falls back to the JSON brief after $name', async ({ stream }) => {
    const fetchMock = vi.fn(async (url: string) => (url.includes('/stream') ? stream() : json(BRIEF)));
    vi.stubGlobal('fetch', fetchMock);

    const brief = await loadBrief({ kind: 'project', id: 'uni swap' }, { lang: 'en', onDelta: () => {} });

    expect(brief).toEqual(BRIEF);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/analysis/project/uni%20swap/brief/stream?lang=en',
      '/api/analysis/project/uni%20swap/brief?lang=en',
    ]);
  });

  test('a refused JSON brief (403) surfaces as the API error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'FEATURE_LOCKED', message: 'premium' } }, 403)),
    );

    await expect(loadBrief({ kind: 'project', id: 'x' }, { lang: 'zh', onDelta: () => {} })).rejects.toMatchObject({
      status: 403,
      code: 'FEATURE_LOCKED',
    });
  });
});
