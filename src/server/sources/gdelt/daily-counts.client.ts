import { z } from 'zod';
import type { DailyPoint } from '../daily.ts';
import { parseBody, requestJson } from '../http.ts';
import { type GdeltClientOptions, gdeltDocUrl, gdeltRetryAfter, toGdeltDateTime } from './gdelt.client.ts';

const SOURCE = 'gdelt';

// timelinevolraw over more than a few days answers one point per day ("20251101T000000Z"); `{}` when nothing matched.
const TimelineSchema = z.looseObject({
  timeline: z
    .array(
      z.looseObject({
        series: z.string().optional(),
        data: z.array(z.looseObject({ date: z.string().regex(/^\d{8}/), value: z.number().nonnegative() })),
      }),
    )
    .optional(),
});

/**
 * Articles matching `query` per UTC day between `start` and `end` (mode=timelinevolraw with startdatetime /
 * enddatetime). Points of one day are summed (a short span answers 15-minute points). A day GDELT does not list had
 * no matching article: it is not invented here, the caller reads the days it got. A rejected query (a text page) is a
 * `malformed` SourceError.
 */
export async function fetchDailyCounts(
  options: GdeltClientOptions,
  query: string,
  start: Date,
  end: Date,
): Promise<DailyPoint[]> {
  const url = gdeltDocUrl(options, {
    query,
    mode: 'timelinevolraw',
    startdatetime: toGdeltDateTime(start),
    enddatetime: toGdeltDateTime(end),
  });
  const response = await requestJson(SOURCE, url, options.policy, { retryAfterMs: gdeltRetryAfter(options) });
  const timeline = parseBody(SOURCE, TimelineSchema, response.body ?? {}).timeline ?? [];
  const series = timeline.find((s) => s.series === 'Article Count') ?? timeline[0];
  const byDay = new Map<string, number>();
  for (const point of series?.data ?? []) {
    const day = `${point.date.slice(0, 4)}-${point.date.slice(4, 6)}-${point.date.slice(6, 8)}`;
    byDay.set(day, (byDay.get(day) ?? 0) + point.value);
  }
  return [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, value]) => ({ day, value }));
}
