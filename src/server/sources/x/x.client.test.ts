import { describe, expect, test } from 'vitest';
import { X_SEARCH } from '../testing/x-fixtures.ts';
import { toXEngagement, toXTopPosts } from './x.client.ts';

const metrics = (likes: number) => ({ retweet_count: 1, reply_count: 1, like_count: likes, quote_count: 0 });

describe('toXTopPosts', () => {
  test('keeps the 5 most engaged of the search, most engaged first, with their counts', () => {
    const top = toXTopPosts(X_SEARCH);

    expect(top.map((p) => p.text)).toEqual([
      'post 4',
      'post 1',
      expect.stringContaining('<script>'),
      'post 2',
      'post 7',
    ]);
    expect(top[0]).toMatchObject({
      likes: 980,
      reposts: 3,
      replies: 2,
      quotes: 1,
      postedAt: '2026-11-14T14:03:11.000Z',
    });
  });

  test('leaves out posts without counts, keeps an unknown time as null, and breaks a tie by the newer post', () => {
    const top = toXTopPosts({
      data: [
        { id: '1', text: 'no counts' },
        { id: '2', text: 'old', created_at: '2026-11-01T00:00:00.000Z', public_metrics: metrics(5) },
        { id: '3', text: 'new', created_at: '2026-11-02T00:00:00.000Z', public_metrics: metrics(5) },
        {
          id: '4',
          text: 'no time',
          created_at: 'yesterday',
          public_metrics: { ...metrics(1), quote_count: undefined },
        },
      ],
    });

    expect(top.map((p) => [p.id, p.postedAt])).toEqual([
      ['3', '2026-11-02T00:00:00.000Z'],
      ['2', '2026-11-01T00:00:00.000Z'],
      ['4', null],
    ]);
    expect(top[2]?.quotes).toBeNull();
  });

  test('no matches (no data key) is an empty list; a malformed body throws', () => {
    expect(toXTopPosts({ meta: { result_count: 0 } })).toEqual([]);
    expect(() => toXTopPosts({ data: 'many' })).toThrow(/malformed/);
  });

  test('the engagement average still uses the 5 latest posts, not the 5 most engaged', () => {
    // Latest five: 7, 6, 5, 4, 3 → likes 20 + 300 + 5 + 980 + 10 = 1315, plus 6 each → 1345 / 5.
    expect(toXEngagement(X_SEARCH)).toBe(269);
  });
});
