import { describe, expect, test } from 'vitest';
import { createRecentHints, HINT_MEMORY_MS, MAX_REMEMBERED_HINTS } from './recent-hints.ts';

const sync = (job: string) => ({ type: 'sync.updated' as const, job });

describe('recent hints (what a new stream may have missed)', () => {
  test('each distinct hint once, at its latest; public hints for all, members and own hints only where they went', () => {
    const recent = createRecentHints(0);
    recent.note({ kind: 'all' }, sync('a'), 1_000);
    recent.note({ kind: 'user', userId: 'u1' }, { type: 'me.updated', what: 'points' }, 2_000);
    recent.note({ kind: 'members' }, { type: 'me.updated', what: 'notifications' }, 3_000);
    recent.note({ kind: 'all' }, sync('a'), 4_000);

    expect(recent.missedBy(null, 5_000)).toEqual({ recent: [{ agoMs: 1_000, hint: sync('a') }], knownForMs: 5_000 });
    expect(recent.missedBy('u1', 5_000).recent.map(({ agoMs }) => agoMs)).toEqual([3_000, 2_000, 1_000]);
    expect(recent.missedBy('u2', 5_000).recent.map(({ agoMs }) => agoMs)).toEqual([2_000, 1_000]);
  });

  test('a hint older than the memory is forgotten, and the list then says it reaches back only to it', () => {
    const recent = createRecentHints(0);
    recent.note({ kind: 'all' }, sync('a'), 10_000);
    recent.note({ kind: 'all' }, sync('b'), 20_000);
    const now = 15_000 + HINT_MEMORY_MS;

    expect(recent.missedBy(null, now)).toEqual({
      recent: [{ agoMs: now - 20_000, hint: sync('b') }],
      knownForMs: now - 10_000,
    });
  });

  test(`at most ${MAX_REMEMBERED_HINTS} hints: the oldest go first, and nothing before them is known`, () => {
    const recent = createRecentHints(0);
    for (let i = 1; i <= MAX_REMEMBERED_HINTS + 2; i += 1) recent.note({ kind: 'all' }, sync(`job-${i}`), i);
    const missed = recent.missedBy(null, 1_000);

    expect(missed.recent).toHaveLength(MAX_REMEMBERED_HINTS);
    expect(missed.recent[0]?.hint).toEqual(sync('job-3'));
    expect(missed.knownForMs).toBe(1_000 - 2);
  });
});
