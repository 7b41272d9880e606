import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { RealtimeHint } from '../../../shared/api/realtime.schema.ts';
import { MAX_MESSAGES_PER_SECOND } from '../../../shared/api/realtime.values.ts';
import { createHintCoalescer, MAX_IDS_PER_HINT, MIN_MESSAGE_GAP_MS } from './hint-coalescer.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function record() {
  const batches: { at: number; hints: RealtimeHint[] }[] = [];
  const coalescer = createHintCoalescer((hints) => batches.push({ at: Date.now(), hints }));
  return { batches, coalescer };
}

describe('hint coalescer', () => {
  test('1,000 changes within one second reach the client as at most 10 messages, the last with the final state', () => {
    const { batches, coalescer } = record();
    const start = Date.now();
    for (let i = 0; i < 1_000; i++) {
      coalescer.push({ type: 'heat.recomputed', asOf: `t${i}` });
      vi.advanceTimersByTime(1); // one change a millisecond: 1,000 in one second
    }
    vi.advanceTimersByTime(1_000);

    expect(batches.length).toBeLessThanOrEqual(MAX_MESSAGES_PER_SECOND);
    expect(batches.length).toBeGreaterThan(1); // it streams during the burst, not only at its end
    expect(batches.at(-1)?.hints).toEqual([{ type: 'heat.recomputed', asOf: 't999' }]);
    // Never more than the limit in any one-second window.
    for (const batch of batches) {
      const inWindow = batches.filter((b) => b.at >= batch.at && b.at < batch.at + 1_000);
      expect(inWindow.length).toBeLessThanOrEqual(MAX_MESSAGES_PER_SECOND);
    }
    expect(batches[0]?.at).toBe(start + MIN_MESSAGE_GAP_MS);
  });

  test('hints of different kinds travel together; project ids are merged; a hint without ids wins', () => {
    const { batches, coalescer } = record();
    coalescer.push({ type: 'projects.updated', ids: ['a'] });
    coalescer.push({ type: 'sectors.updated' });
    coalescer.push({ type: 'projects.updated', ids: ['b', 'a'] });
    coalescer.push({ type: 'me.updated', what: 'points' });
    vi.advanceTimersByTime(MIN_MESSAGE_GAP_MS);
    coalescer.push({ type: 'projects.updated', ids: ['c'] });
    coalescer.push({ type: 'projects.updated' });
    vi.advanceTimersByTime(MIN_MESSAGE_GAP_MS);

    expect(batches.map((b) => b.hints)).toEqual([
      [
        { type: 'projects.updated', ids: ['a', 'b'] },
        { type: 'sectors.updated' },
        { type: 'me.updated', what: 'points' },
      ],
      [{ type: 'projects.updated' }],
    ]);
  });

  test('too many ids fold into "any project": memory stays bounded', () => {
    const { batches, coalescer } = record();
    for (let i = 0; i <= MAX_IDS_PER_HINT; i++) coalescer.push({ type: 'projects.updated', ids: [`p${i}`] });
    vi.advanceTimersByTime(MIN_MESSAGE_GAP_MS);
    expect(batches[0]?.hints).toEqual([{ type: 'projects.updated' }]);
  });

  test('a closed coalescer sends nothing more', () => {
    const { batches, coalescer } = record();
    coalescer.push({ type: 'sectors.updated' });
    coalescer.close();
    coalescer.push({ type: 'sectors.updated' });
    vi.advanceTimersByTime(5_000);
    expect(batches).toEqual([]);
  });
});
