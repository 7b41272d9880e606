import { DAY_MS } from '../../../shared/time/duration.ts';
import type { RedditMentions } from '../../sources/reddit/reddit.client.ts';

/** The daily_signals names of Reddit's per-day figures (the methodology evaluation's community outcome reads them). */
export const REDDIT_DAY_SIGNALS = { posts: 'redditPosts', authors: 'redditAuthors' } as const;

const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The UTC days one search answer counts completely, with their posts and distinct authors: the days wholly inside the
 * searched window [since, now) — never today (still running) nor the window's first, partial day — and, when the
 * page cap cut the answer short, only the days after the oldest post read (older posts of its day went unread). A
 * complete day with no post is a measured 0. Distinct authors are per day (one author on two days counts on each).
 */
export function toCompleteRedditDays(
  found: RedditMentions,
  since: Date,
  now: Date,
): { signal: string; day: string; value: number }[] {
  let first = dayStart(since.getTime() + DAY_MS - 1); // the first midnight at or after `since`
  if (found.capped) {
    if (found.oldestMs === null) return [];
    first = Math.max(first, dayStart(found.oldestMs) + DAY_MS);
  }
  const end = dayStart(now.getTime()); // today starts here: not complete
  const byDay = new Map(found.days.map((d) => [d.day, d]));
  const out: { signal: string; day: string; value: number }[] = [];
  for (let at = first; at + DAY_MS <= end; at += DAY_MS) {
    const day = toDay(at);
    const counted = byDay.get(day);
    out.push({ signal: REDDIT_DAY_SIGNALS.posts, day, value: counted?.posts ?? 0 });
    out.push({ signal: REDDIT_DAY_SIGNALS.authors, day, value: counted?.authors ?? 0 });
  }
  return out;
}
