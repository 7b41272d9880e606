import { z } from 'zod';
import type { DailyPoint } from '../daily.ts';
import { parseBody, requestJson } from '../http.ts';
import { encodeWikiTitle, toWikiDate, type WikiLanguage, type WikimediaClientOptions } from './wikimedia.client.ts';

const SOURCE = 'wikipedia';

const PageviewsSchema = z.looseObject({
  items: z.array(z.looseObject({ timestamp: z.string().regex(/^\d{8}/), views: z.number().nonnegative() })),
});

/**
 * Human views of one article per UTC day from `start` to `end` inclusive (the per-article route with `daily`
 * granularity; `timestamp` is YYYYMMDDHH). Null when the article does not exist (404): no data, not a failure.
 */
export async function fetchDailyViews(
  options: WikimediaClientOptions,
  language: WikiLanguage,
  title: string,
  start: Date,
  end: Date,
): Promise<DailyPoint[] | null> {
  const url =
    `${options.baseUrl}/metrics/pageviews/per-article/${language}.wikipedia/all-access/user/` +
    `${encodeWikiTitle(title)}/daily/${toWikiDate(start)}/${toWikiDate(end)}`;
  const response = await requestJson(SOURCE, url, options.policy, {
    headers: { 'user-agent': options.userAgent },
    acceptStatuses: [404],
  });
  if (response.status === 404) return null;
  return parseBody(SOURCE, PageviewsSchema, response.body).items.map((item) => ({
    day: `${item.timestamp.slice(0, 4)}-${item.timestamp.slice(4, 6)}-${item.timestamp.slice(6, 8)}`,
    value: item.views,
  }));
}
