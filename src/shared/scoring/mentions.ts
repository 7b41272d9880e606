import { hasValue } from './types.ts';
import { MENTIONS_PER_AUTHOR } from './weights.ts';

/**
 * Our first anti-manipulation rule (docs/heat-score.md, "Distinct authors"): a burst of posts from a few accounts
 * counts for little. Where a source tells us who wrote each post (Reddit), the mentions the heat model scores are
 *
 *   effective = min(posts, MENTIONS_PER_AUTHOR × distinctAuthors)
 *
 * so each distinct author adds at most MENTIONS_PER_AUTHOR (3) posts in a week. 100 posts by 80 authors score as
 * 100; 100 posts by 2 authors score as 6. Posts whose author is gone ("[deleted]") add no author. Where the source
 * gives no authors (authors null or missing: X's counts endpoint, or a value stored before the rule), the raw count
 * is scored unchanged: we never guess a number of authors.
 */
export function computeEffectiveMentions(posts: number | null, authors: number | null | undefined): number | null {
  if (!hasValue(posts)) return null;
  if (!hasValue(authors)) return posts;
  return Math.min(posts, MENTIONS_PER_AUTHOR * Math.max(0, authors));
}
