import { z } from 'zod';
import type { Config } from '../../config.ts';
import { type HttpPolicy, parseBody, requestJson, toHttpPolicy } from '../http.ts';

const SOURCE = 'wikipedia';

export type WikiLanguage = 'en' | 'zh';
export type WikimediaClientOptions = { baseUrl: string; policy: HttpPolicy; userAgent: string };

const PageviewsSchema = z.looseObject({
  items: z.array(
    z.looseObject({ article: z.string().optional(), timestamp: z.string(), views: z.number().nonnegative() }),
  ),
});

/**
 * The User-Agent Wikimedia's policy asks for: the tool, its version and a way to reach the operator
 * (WIKIMEDIA_CONTACT, a URL or an e-mail address).
 */
export function toWikimediaUserAgent(version: string, contact: string | undefined): string {
  return `HeatRank/${version} (${contact ?? 'self-hosted instance; operator contact not configured'}) page-view ingestion`;
}

/** Every Wikimedia call's options, from the config and the app's version (its User-Agent names it). */
export function wikimediaOptions(config: Config, appVersion: string, signal?: AbortSignal): WikimediaClientOptions {
  return {
    baseUrl: config.WIKIMEDIA_BASE_URL,
    policy: toHttpPolicy(config, signal),
    userAgent: toWikimediaUserAgent(appVersion, config.WIKIMEDIA_CONTACT),
  };
}

/** `YYYYMMDD` (UTC) as the per-article route wants it. */
export function toWikiDate(date: Date): string {
  return date.toISOString().slice(0, 10).replace(/-/g, '');
}

/** A title as a path segment: spaces become underscores, then everything (including `/`) is percent-encoded. */
export function encodeWikiTitle(title: string): string {
  return encodeURIComponent(title.trim().replace(/ /g, '_'));
}

/**
 * Human views of one article per day from `start` to `end` inclusive, summed (GET /metrics/pageviews/per-article/
 * {lang}.wikipedia/all-access/user/{title}/daily/{start}/{end}). Null when the article does not exist (404): no data
 * for that project, not a failure of the source.
 */
export async function fetchArticleViews(
  options: WikimediaClientOptions,
  language: WikiLanguage,
  title: string,
  start: Date,
  end: Date,
): Promise<number | null> {
  const url =
    `${options.baseUrl}/metrics/pageviews/per-article/${language}.wikipedia/all-access/user/` +
    `${encodeWikiTitle(title)}/daily/${toWikiDate(start)}/${toWikiDate(end)}`;
  const response = await requestJson(SOURCE, url, options.policy, {
    headers: { 'user-agent': options.userAgent },
    acceptStatuses: [404],
  });
  if (response.status === 404) return null;
  return parseBody(SOURCE, PageviewsSchema, response.body).items.reduce((sum, item) => sum + item.views, 0);
}
