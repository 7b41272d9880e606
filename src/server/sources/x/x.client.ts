import { z } from 'zod';
import { X_RECENT_POSTS_KEPT, type XRecentPost } from '../../../shared/api/social.schema.ts';
import { TtlCache } from '../ttl-cache.ts';
import { type XAccountPool, XApiError } from './x.errors.ts';

const ProblemSchema = z.looseObject({ title: z.string().optional(), detail: z.string().optional() });

const UserResponseSchema = z.object({
  data: z
    .object({
      id: z.string(),
      username: z.string(),
      name: z.string(),
      verified: z.boolean().optional(),
      /** 'blue' (subscription), 'business' (organisation, gold), 'government' (grey) or 'none'. */
      verified_type: z.string().optional(),
      public_metrics: z
        .object({
          followers_count: z.number(),
          following_count: z.number().optional(),
          tweet_count: z.number().optional(),
        })
        .optional(),
    })
    .optional(),
  errors: z.array(ProblemSchema).optional(),
});

const TweetMetricsSchema = z.object({
  retweet_count: z.number(),
  reply_count: z.number(),
  like_count: z.number(),
  quote_count: z.number().optional(),
});
const SearchResponseSchema = z.object({
  data: z
    .array(
      z.object({
        id: z.string(),
        text: z.string(),
        created_at: z.string().optional(),
        public_metrics: TweetMetricsSchema.optional(),
      }),
    )
    .optional(),
  meta: z.object({ result_count: z.number().optional() }).optional(),
});
const CountsResponseSchema = z.object({
  data: z.array(z.object({ start: z.string(), end: z.string(), tweet_count: z.number() })).optional(),
  meta: z.object({ total_tweet_count: z.number().optional() }).optional(),
});

/** Spec §9 "Caching": social profile 60 min, metrics (counts) 30 min, posts 15 min. */
export const X_CACHE_TTL_MS = { profile: 60 * 60_000, metrics: 30 * 60_000, posts: 15 * 60_000 } as const;
/** Spec: 5 tweets for engagement; X accepts max_results 10–100, so we ask for 10 and use the first 5. */
export const ENGAGEMENT_TWEETS = 5;
const MAX_RESULTS = Math.min(100, Math.max(10, ENGAGEMENT_TWEETS));

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new XApiError('Twitter API error: malformed response body');
  return parsed.data;
}

export type XProfile = {
  id: string;
  username: string;
  followers: number | null;
  verified: boolean;
  /** X's account type behind the check mark; null when X did not say. */
  verifiedType: string | null;
};

/** A handle as X wants it: a leading @ stripped (spec §5). */
export function toXHandle(username: string): string {
  return username.trim().replace(/^@+/, '');
}

/** X username from a handle or profile URL ("@aave", "https://x.com/aave" → "aave"); null when there is none. */
export function toXUsername(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = value.trim().match(/^(?:https?:\/\/)?(?:www\.)?(?:twitter\.com|x\.com)\/@?([A-Za-z0-9_]{1,15})/i);
  const name = (match?.[1] ?? value.trim()).replace(/^@+/, '');
  return /^[A-Za-z0-9_]{1,15}$/.test(name) ? name : null;
}

/** One X API v2 GET: its path and query. The builders below are the ones ingestion sends. */
export type XRequest = { path: string; query: URLSearchParams };

export function userRequest(username: string): XRequest {
  return {
    path: `/2/users/by/username/${encodeURIComponent(toXHandle(username))}`,
    query: new URLSearchParams({
      'user.fields': 'public_metrics,description,verified,verified_type,created_at,profile_image_url',
    }),
  };
}

/** Recent search for `query` (ingestion: `from:<handle> -is:retweet`, the account's own latest tweets). */
export function searchRequest(query: string): XRequest {
  return {
    path: '/2/tweets/search/recent',
    query: new URLSearchParams({
      query,
      max_results: String(MAX_RESULTS),
      'tweet.fields': 'public_metrics,created_at,author_id',
      'user.fields': 'username,name,verified',
      expansions: 'author_id',
    }),
  };
}

/** Daily counts of `query` over the last 7 days (ingestion: `@<handle> -is:retweet`, the account's mentions). */
export function countsRequest(query: string, now: Date): XRequest {
  // start_time must lie within the last 7 days and end_time at least 10 s in the past (X rules).
  return {
    path: '/2/tweets/counts/recent',
    query: new URLSearchParams({
      query,
      granularity: 'day',
      start_time: new Date(now.getTime() - 7 * 86_400_000 + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      end_time: new Date(now.getTime() - 30_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    }),
  };
}

export const engagementQuery = (username: string) => `from:${toXHandle(username)} -is:retweet`;
export const mentionsQuery = (username: string) => `@${toXHandle(username)} -is:retweet`;

/** A user response → the profile ingestion stores. HTTP 200 with only `errors` is a failure. */
export function toXProfile(raw: unknown): XProfile {
  const body = parse(UserResponseSchema, raw);
  if (!body.data) {
    throw new XApiError(`Twitter API error: ${body.errors?.[0]?.detail ?? body.errors?.[0]?.title ?? 'no user data'}`);
  }
  return {
    id: body.data.id,
    username: body.data.username,
    followers: body.data.public_metrics?.followers_count ?? null,
    verified: body.data.verified ?? false,
    verifiedType: body.data.verified_type ?? null,
  };
}

/** A search response → average engagement (likes + retweets + replies + quotes) of the first 5 tweets; null if none. */
export function toXEngagement(raw: unknown): number | null {
  const body = parse(SearchResponseSchema, raw);
  const tweets = (body.data ?? []).slice(0, ENGAGEMENT_TWEETS).filter((t) => t.public_metrics);
  if (tweets.length === 0) return null;
  const total = tweets.reduce((sum, t) => {
    const m = t.public_metrics!;
    return sum + m.like_count + m.retweet_count + m.reply_count + (m.quote_count ?? 0);
  }, 0);
  return total / tweets.length;
}

/** likes + reposts + replies + quotes of one post (X's public_metrics). */
function engagementOf(post: XRecentPost): number {
  return post.likes + post.reposts + post.replies + (post.quotes ?? 0);
}

/**
 * A search response → its most engaged posts (likes + reposts + replies + quotes; the newer first on a tie), at most
 * X_RECENT_POSTS_KEPT. Posts without public_metrics are left out (no counts to show); an unparsable created_at is null.
 */
export function toXTopPosts(raw: unknown): XRecentPost[] {
  const body = parse(SearchResponseSchema, raw);
  const posts = (body.data ?? []).flatMap((t): XRecentPost[] => {
    const m = t.public_metrics;
    if (!m || !/^\d{1,30}$/.test(t.id)) return [];
    const at = t.created_at ? Date.parse(t.created_at) : Number.NaN;
    const count = (n: number) => Math.max(0, Math.round(n));
    return [
      {
        id: t.id,
        text: t.text,
        postedAt: Number.isFinite(at) ? new Date(at).toISOString() : null,
        likes: count(m.like_count),
        reposts: count(m.retweet_count),
        replies: count(m.reply_count),
        quotes: m.quote_count === undefined ? null : count(m.quote_count),
      },
    ];
  });
  return posts
    .sort((a, b) => engagementOf(b) - engagementOf(a) || (b.postedAt ?? '').localeCompare(a.postedAt ?? ''))
    .slice(0, X_RECENT_POSTS_KEPT);
}

/** A counts response → the total over its buckets. */
export function toXCountTotal(raw: unknown): number {
  const body = parse(CountsResponseSchema, raw);
  return body.meta?.total_tweet_count ?? (body.data ?? []).reduce((sum, bucket) => sum + bucket.tweet_count, 0);
}

/** X API v2 reads through the account pool, with the spec's per-kind cache. `now` feeds the 7-day window. */
export function createXClient(pool: XAccountPool, cache = new TtlCache<unknown>()) {
  async function cached<T>(key: string, ttl: number, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit !== undefined) return hit as T;
    const value = await load();
    cache.set(key, value, ttl);
    return value;
  }
  const send = ({ path, query }: XRequest) => pool.get(path, query);

  /** GET /2/users/by/username/{username} (leading @ stripped). */
  function getUser(username: string): Promise<XProfile> {
    const name = toXHandle(username);
    return cached(`user:${name.toLowerCase()}`, X_CACHE_TTL_MS.profile, async () =>
      toXProfile(await send(userRequest(name))),
    );
  }

  /**
   * One recent search of the account's latest original tweets: the average engagement of the 5 latest (null if
   * none) and the most engaged of them (toXTopPosts).
   */
  function getPosts(username: string): Promise<{ engagementAvg: number | null; top: XRecentPost[] }> {
    const name = toXHandle(username);
    return cached(`posts:${name.toLowerCase()}`, X_CACHE_TTL_MS.posts, async () => {
      const raw = await send(searchRequest(engagementQuery(name)));
      return { engagementAvg: toXEngagement(raw), top: toXTopPosts(raw) };
    });
  }

  /** Mentions of the account over the last 7 days (GET /2/tweets/counts/recent, granularity day). */
  function getMentions7d(username: string, now: Date): Promise<number> {
    const name = toXHandle(username);
    return cached(`counts:${name.toLowerCase()}`, X_CACHE_TTL_MS.metrics, async () =>
      toXCountTotal(await send(countsRequest(mentionsQuery(name), now))),
    );
  }

  return { getUser, getPosts, getMentions7d };
}

export type XClient = ReturnType<typeof createXClient>;
