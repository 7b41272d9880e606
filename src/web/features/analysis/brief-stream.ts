import type { BriefDeltaEvent, BriefResponse, BriefResponseSchema } from '../../../shared/api/analysis.schema.ts';
import { apiGet, buildUrl } from '../../lib/api-client.ts';
import { analysisPath, type BriefTarget } from './api.ts';
import { createSseParser } from './sse-parser.ts';

export type BriefStreamOptions = {
  lang: 'zh' | 'en';
  signal?: AbortSignal;
  /** Each piece of text as the model writes it (untagged; the `done` body replaces it with cited segments). */
  onDelta: (text: string) => void;
};

/**
 * Reads …/brief/stream (server-sent events over fetch, the session cookie included): `delta` events go to `onDelta`,
 * the `done` event's body is the brief. Throws when the answer is not a stream, reports `failed`, or ends without
 * `done`.
 */
export async function streamBrief(target: BriefTarget, options: BriefStreamOptions): Promise<BriefResponse> {
  const response = await fetch(buildUrl(`${analysisPath(target)}/brief/stream`, { lang: options.lang }), {
    headers: { accept: 'text/event-stream' },
    signal: options.signal,
  });
  if (!response.ok || !response.body) throw new Error(`brief stream: HTTP ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('brief stream: ended without a brief');
      for (const event of parser.push(value)) {
        // The server parses the finished brief with BriefResponseSchema before it sends `done` (briefs.routes.ts), as it
        // serialises every JSON answer through its schema; a delta is its model's text.
        if (event.event === 'delta') options.onDelta(readDeltaText(event.data));
        else if (event.event === 'done') return JSON.parse(event.data) as BriefResponse;
        else if (event.event === 'failed') throw new Error('brief stream: the server could not write the brief');
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** GET …/brief (JSON): the same brief in one piece; throws ApiError (401 visitor, 403 below premium, …). */
export function fetchBrief(target: BriefTarget, lang: 'zh' | 'en', signal?: AbortSignal): Promise<BriefResponse> {
  return apiGet<typeof BriefResponseSchema>(`${analysisPath(target)}/brief`, { query: { lang }, signal });
}

/** The stream first (text appears as it is written); on any failure but a cancel, the JSON brief. */
export async function loadBrief(target: BriefTarget, options: BriefStreamOptions): Promise<BriefResponse> {
  try {
    return await streamBrief(target, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return fetchBrief(target, options.lang, options.signal);
  }
}

function readDeltaText(data: string): string {
  const delta = JSON.parse(data) as Partial<BriefDeltaEvent>;
  if (typeof delta.text !== 'string') throw new Error('brief stream: a delta without text');
  return delta.text;
}
