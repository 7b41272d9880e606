import { z } from 'zod';
import { type HttpPolicy, type HttpResponse, parseBody, requestJson, SourceError } from '../http.ts';

const SOURCE = 'reddit';

export type RedditClientOptions = {
  /** Where tokens come from (https://www.reddit.com). */
  authUrl: string;
  /** Where the API answers with a token (https://oauth.reddit.com). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  userAgent: string;
  policy: HttpPolicy;
  /** Search pages of 100 per query at most (the count is a lower bound when the cap is hit). */
  maxPages?: number;
  now?: () => Date;
};

const TokenSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive().optional(),
});

const PostSchema = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  subreddit: z.string().optional(),
  author: z.string().nullish(),
  score: z.number().optional(),
  num_comments: z.number().optional(),
  created_utc: z.number(),
});
const ListingSchema = z.looseObject({
  data: z.looseObject({
    after: z.string().nullish(),
    children: z.array(z.looseObject({ kind: z.string().optional(), data: PostSchema })),
  }),
});

/** One UTC day's posts found and their distinct authors (deleted ones left out). */
export type RedditDay = { day: string; posts: number; authors: number };

/**
 * Posts found in the window, their distinct authors (deleted ones left out), and whether the page cap cut it short;
 * `days`: the same per UTC day of the posts' creation (days with none are absent), and `oldestMs`, the creation time
 * of the oldest post read (null when none), which says how far back a capped answer is complete.
 */
export type RedditMentions = {
  posts: number;
  authors: number;
  capped: boolean;
  days: RedditDay[];
  oldestMs: number | null;
};

export const REDDIT_PAGE_SIZE = 100;
const DEFAULT_MAX_PAGES = 3;
const TOKEN_MARGIN_MS = 60_000; // renew a minute before the token expires

// On a 429 Reddit says when its window ends in `x-ratelimit-reset` (seconds; sent on every answer, so only read on a
// 429: a 5xx keeps the usual back-off); else Retry-After.
const retryAfterMs = (r: HttpResponse) => {
  const reset = Number(r.headers.get('x-ratelimit-reset'));
  if (r.status === 429 && r.headers.has('x-ratelimit-reset') && Number.isFinite(reset))
    return Math.max(0, reset * 1000);
  const retry = Number(r.headers.get('retry-after'));
  return r.headers.has('retry-after') && Number.isFinite(retry) ? retry * 1000 : undefined;
};

/**
 * Reddit's official API with an app's client credentials (application-only OAuth): a token from
 * POST /api/v1/access_token (basic auth, `grant_type=client_credentials`), kept until a minute before it expires,
 * then GET /search on the OAuth host. A 401 on a search renews the token once.
 */
export function createRedditClient(options: RedditClientOptions) {
  let token: { value: string; expiresAt: number } | undefined;
  const now = () => (options.now?.() ?? new Date()).getTime();

  async function authenticate(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await requestJson(SOURCE, `${options.authUrl}/api/v1/access_token`, options.policy, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': options.userAgent,
      },
      body: 'grant_type=client_credentials',
      retryAfterMs,
    });
    const body = parseBody(SOURCE, TokenSchema, response.body);
    const lifetime = (body.expires_in ?? 3600) * 1000;
    token = { value: body.access_token, expiresAt: now() + Math.max(0, lifetime - TOKEN_MARGIN_MS) };
    return token.value;
  }

  async function searchPage(query: string, after: string | undefined) {
    const params = new URLSearchParams({
      q: query,
      t: 'week',
      limit: String(REDDIT_PAGE_SIZE),
      sort: 'new',
      type: 'link',
      raw_json: '1',
    });
    if (after) params.set('after', after);
    const url = `${options.baseUrl}/search?${params.toString()}`;
    const send = async () =>
      requestJson(SOURCE, url, options.policy, {
        headers: { authorization: `Bearer ${await authenticate()}`, 'user-agent': options.userAgent },
        retryAfterMs,
      });
    try {
      return parseBody(SOURCE, ListingSchema, (await send()).body).data;
    } catch (error) {
      if (!(error instanceof SourceError) || error.status !== 401) throw error;
      token = undefined; // revoked or expired early: one fresh token, one more try
      return parseBody(SOURCE, ListingSchema, (await send()).body).data;
    }
  }

  /**
   * Posts matching `query` created at or after `since` (newest first, `after` pagination, at most `maxPages` pages of
   * 100), and their distinct authors. Pagination stops at the first post older than `since`.
   */
  async function countMentions(query: string, since: Date): Promise<RedditMentions> {
    const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
    const ids = new Set<string>();
    const authors = new Set<string>();
    const byDay = new Map<string, { posts: Set<string>; authors: Set<string> }>();
    let oldestMs: number | null = null;
    const answer = (capped: boolean): RedditMentions => ({
      posts: ids.size,
      authors: authors.size,
      capped,
      days: [...byDay]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, d]) => ({ day, posts: d.posts.size, authors: d.authors.size })),
      oldestMs,
    });
    let after: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const listing = await searchPage(query, after);
      let reachedOlder = false;
      for (const { data: post } of listing.children) {
        if (post.created_utc * 1000 < since.getTime()) {
          reachedOlder = true;
          continue;
        }
        const createdMs = post.created_utc * 1000;
        const day = new Date(createdMs).toISOString().slice(0, 10);
        const onDay = byDay.get(day) ?? { posts: new Set<string>(), authors: new Set<string>() };
        byDay.set(day, onDay);
        oldestMs = oldestMs === null ? createdMs : Math.min(oldestMs, createdMs);
        ids.add(post.id);
        onDay.posts.add(post.id);
        if (post.author && post.author !== '[deleted]') {
          authors.add(post.author.toLowerCase());
          onDay.authors.add(post.author.toLowerCase());
        }
      }
      after = listing.after ?? undefined;
      if (!after || reachedOlder || listing.children.length === 0) return answer(false);
    }
    return answer(true);
  }

  return { authenticate, countMentions };
}

export type RedditClient = ReturnType<typeof createRedditClient>;
