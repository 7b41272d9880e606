import { z } from 'zod';
import type { Config } from '../../config.ts';
import { type HttpPolicy, type HttpResponse, parseBody, parseRetryAfter, requestJson, toHttpPolicy } from '../http.ts';

const SOURCE = 'gdelt';

export type GdeltClientOptions = {
  baseUrl: string;
  policy: HttpPolicy;
  /** How long to wait after a 429 without Retry-After (GDELT's rule: one call per 5 s); default: exponential back-off. */
  rateLimitWaitMs?: number;
};

/** Every GDELT call's options, from the config; `signal` is the run's stop signal. */
export function gdeltOptions(config: Config, signal?: AbortSignal): GdeltClientOptions {
  return {
    baseUrl: config.GDELT_BASE_URL,
    policy: toHttpPolicy(config, signal),
    rateLimitWaitMs: config.GDELT_PAUSE_MS,
  };
}

/** A 429 waits the server's Retry-After, else GDELT's own interval, before the next try. */
export function gdeltRetryAfter(options: GdeltClientOptions) {
  return (response: HttpResponse, now: number) =>
    parseRetryAfter(response.headers, now) ?? (response.status === 429 ? options.rateLimitWaitMs : undefined);
}

// mode=timelinevolraw: one series ("Article Count") of data points; `value` counts matching articles, `norm` every
// article GDELT monitored in that interval. No match answers `{}`. Extra fields are accepted.
const TimelineSchema = z.looseObject({
  timeline: z
    .array(
      z.looseObject({
        series: z.string().optional(),
        data: z.array(
          z.looseObject({ date: z.string(), value: z.number().nonnegative(), norm: z.number().optional() }),
        ),
      }),
    )
    .optional(),
});

const ArticleSchema = z.looseObject({
  url: z.string(),
  title: z.string().optional(),
  seendate: z.string().optional(),
  domain: z.string().optional(),
  language: z.string().optional(),
});
export type GdeltArticle = z.infer<typeof ArticleSchema>;
const ArticleListSchema = z.looseObject({ articles: z.array(ArticleSchema).optional() });

/** GDELT's `YYYYMMDDHHMMSS` (UTC) for startdatetime / enddatetime. */
export function toGdeltDateTime(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export function gdeltDocUrl(options: GdeltClientOptions, params: Record<string, string>): string {
  const query = new URLSearchParams({ ...params, format: 'json' });
  return `${options.baseUrl}/doc/doc?${query.toString()}`;
}

/**
 * Articles matching `query` between `start` and `end` (GET /doc/doc?mode=timelinevolraw): the sum of the "Article
 * Count" series (the first series when none is named so). No match is 0. GDELT answers a query it rejects (too short,
 * too common) with a text page, not JSON: that is a `malformed` SourceError, never 0.
 */
export async function fetchArticleCount(
  options: GdeltClientOptions,
  query: string,
  start: Date,
  end: Date,
): Promise<number> {
  const url = gdeltDocUrl(options, {
    query,
    mode: 'timelinevolraw',
    startdatetime: toGdeltDateTime(start),
    enddatetime: toGdeltDateTime(end),
  });
  const response = await requestJson(SOURCE, url, options.policy, { retryAfterMs: gdeltRetryAfter(options) });
  const body = parseBody(SOURCE, TimelineSchema, response.body ?? {});
  const timeline = body.timeline ?? [];
  const series = timeline.find((s) => s.series === 'Article Count') ?? timeline[0];
  return (series?.data ?? []).reduce((sum, point) => sum + point.value, 0);
}

/** The latest articles matching `query` in the last `timespan` (GET /doc/doc?mode=artlist&maxrecords=N&sort=datedesc). */
export async function listArticles(
  options: GdeltClientOptions,
  query: string,
  maxRecords: number,
  timespan = '7d',
): Promise<GdeltArticle[]> {
  const url = gdeltDocUrl(options, {
    query,
    mode: 'artlist',
    maxrecords: String(Math.min(Math.max(1, maxRecords), 250)),
    sort: 'datedesc',
    timespan,
  });
  const response = await requestJson(SOURCE, url, options.policy, { retryAfterMs: gdeltRetryAfter(options) });
  return parseBody(SOURCE, ArticleListSchema, response.body ?? {}).articles ?? [];
}
