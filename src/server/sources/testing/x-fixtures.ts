import type { FakeRequest, FakeResponse } from './fake-server.ts';

/**
 * X API v2 answers for tests (unit and browser), in the documented shapes (api-shapes.md §4b–4d): Aave's profile,
 * seven of its recent original posts (newest first, as X returns them; engagement = likes + 6, so the most engaged
 * five are 4, 1, 6, 2, 7) — one with markup in its text, which must be shown as text — and its 7-day mention counts.
 */
export const X_USER = {
  data: {
    id: '867100333155229696',
    name: 'Aave',
    username: 'Aave', // X's spelling wins over the catalogue's "@aave"
    verified: true,
    public_metrics: { followers_count: 812345, following_count: 512, tweet_count: 10234, listed_count: 5120 },
  },
};

export const X_MARKUP_TEXT = '<b>V4</b> & <script>alert(1)</script> vote is live';

const post = (n: number, likes: number, extra: Record<string, unknown> = {}) => ({
  id: `18300000000000000${String(n).padStart(2, '0')}`,
  text: `post ${n}`,
  author_id: X_USER.data.id,
  created_at: `2026-11-${String(10 + n).padStart(2, '0')}T14:03:11.000Z`,
  edit_history_tweet_ids: [`18300000000000000${String(n).padStart(2, '0')}`],
  public_metrics: { retweet_count: 3, reply_count: 2, like_count: likes, quote_count: 1, impression_count: 9000 },
  ...extra,
});

export const X_SEARCH = {
  data: [
    post(7, 20),
    post(6, 300, { text: X_MARKUP_TEXT }),
    post(5, 5),
    post(4, 980),
    post(3, 10),
    post(2, 40),
    post(1, 500),
  ],
  includes: { users: [{ id: X_USER.data.id, name: 'Aave', username: 'Aave' }] },
  meta: { newest_id: '1830000000000000007', oldest_id: '1830000000000000001', result_count: 7 },
};

export const X_COUNTS = {
  data: [{ end: '2026-11-15T00:00:00.000Z', start: '2026-11-14T11:58:00.000Z', tweet_count: 1432 }],
  meta: { total_tweet_count: 6953 },
};

/** The fake X for `aave` under `prefix` (the X_BASE_URL path); any other path is X's 404 problem. */
export function fakeXAave(prefix = ''): (request: FakeRequest) => FakeResponse {
  return ({ path }) => {
    if (path === `${prefix}/2/users/by/username/aave`) return { body: X_USER };
    if (path === `${prefix}/2/tweets/search/recent`) return { body: X_SEARCH };
    if (path === `${prefix}/2/tweets/counts/recent`) return { body: X_COUNTS };
    return { status: 404, body: { title: 'Not Found Error' } };
  };
}
