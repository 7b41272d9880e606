import { z } from 'zod';
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
    .array(z.object({ id: z.string(), text: z.string(), public_metrics: TweetMetricsSchema.optional() }))
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

/** X API v2 reads through the account pool, with the spec's per-kind cache. `now` feeds the 7-day window. */
export function createXClient(pool: XAccountPool, cache = new TtlCache<unknown>()) {
  async function cached<T>(key: string, ttl: number, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit !== undefined) return hit as T;
    const value = await load();
    cache.set(key, value, ttl);
    return value;
  }

  /** GET /2/users/by/username/{username} (leading @ stripped). HTTP 200 with only `errors` is a failure. */
  function getUser(username: string): Promise<XProfile> {
    const name = username.replace(/^@+/, '');
    return cached(`user:${name.toLowerCase()}`, X_CACHE_TTL_MS.profile, async () => {
      const query = new URLSearchParams({
        'user.fields': 'public_metrics,description,verified,verified_type,created_at,profile_image_url',
      });
      const body = parse(UserResponseSchema, await pool.get(`/2/users/by/username/${encodeURIComponent(name)}`, query));
      if (!body.data) {
        throw new XApiError(
          `Twitter API error: ${body.errors?.[0]?.detail ?? body.errors?.[0]?.title ?? 'no user data'}`,
        );
      }
      return {
        id: body.data.id,
        username: body.data.username,
        followers: body.data.public_metrics?.followers_count ?? null,
        verified: body.data.verified ?? false,
        verifiedType: body.data.verified_type ?? null,
      };
    });
  }

  /** Average engagement (likes + retweets + replies + quotes) of the account's 5 latest original tweets; null if none. */
  function getEngagement(username: string): Promise<number | null> {
    const name = username.replace(/^@+/, '');
    return cached(`posts:${name.toLowerCase()}`, X_CACHE_TTL_MS.posts, async () => {
      const query = new URLSearchParams({
        query: `from:${name} -is:retweet`,
        max_results: String(MAX_RESULTS),
        'tweet.fields': 'public_metrics,created_at,author_id',
        'user.fields': 'username,name,verified',
        expansions: 'author_id',
      });
      const body = parse(SearchResponseSchema, await pool.get('/2/tweets/search/recent', query));
      const tweets = (body.data ?? []).slice(0, ENGAGEMENT_TWEETS).filter((t) => t.public_metrics);
      if (tweets.length === 0) return null;
      const total = tweets.reduce((sum, t) => {
        const m = t.public_metrics!;
        return sum + m.like_count + m.retweet_count + m.reply_count + (m.quote_count ?? 0);
      }, 0);
      return total / tweets.length;
    });
  }

  /** Mentions of the account over the last 7 days (GET /2/tweets/counts/recent, granularity day). */
  function getMentions7d(username: string, now: Date): Promise<number> {
    const name = username.replace(/^@+/, '');
    return cached(`counts:${name.toLowerCase()}`, X_CACHE_TTL_MS.metrics, async () => {
      // start_time must lie within the last 7 days and end_time at least 10 s in the past (X rules).
      const query = new URLSearchParams({
        query: `@${name} -is:retweet`,
        granularity: 'day',
        start_time: new Date(now.getTime() - 7 * 86_400_000 + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        end_time: new Date(now.getTime() - 30_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      });
      const body = parse(CountsResponseSchema, await pool.get('/2/tweets/counts/recent', query));
      return body.meta?.total_tweet_count ?? (body.data ?? []).reduce((sum, bucket) => sum + bucket.tweet_count, 0);
    });
  }

  return { getUser, getEngagement, getMentions7d };
}

export type XClient = ReturnType<typeof createXClient>;
