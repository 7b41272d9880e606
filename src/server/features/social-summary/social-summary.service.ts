import type { MetricSource } from '../../../shared/api/common.schema.ts';
import { type SocialSummary, X_MENTIONS_WINDOW_DAYS, XRecentPostSchema } from '../../../shared/api/social.schema.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { toXUsername } from '../../sources/x/x.client.ts';
import { isXConfigured } from '../social-accounts/social-accounts.service.ts';
import { selectProjectSocial } from './social-summary.queries.ts';

const profileUrl = (username: string) => `https://x.com/${encodeURIComponent(username)}`;
const postUrl = (username: string, id: string) => `${profileUrl(username)}/status/${id}`;

/**
 * A project's social summary (the spec's "Social summary") from what the X ingestion stored: the official account
 * and its followers, mentions over the last 7 days, the most engaged recent posts, each with its source and as-of
 * (stale when the last read failed), and the heat model's social score. Nothing is fetched here and nothing is filled
 * in: a figure never read is null, and `configured` says whether X can be read on this server at all.
 * Throws PROJECT_NOT_FOUND.
 */
export async function getSocialSummary(
  db: Db,
  secretKey: string | undefined,
  projectId: string,
  now: Date,
): Promise<SocialSummary> {
  const [row, configured] = await Promise.all([selectProjectSocial(db, projectId), isXConfigured(db, secretKey, now)]);
  if (!row) throw new AppError('PROJECT_NOT_FOUND', { id: projectId });
  const followersSource = row.followersTwitter === null ? null : (row.metricSources.followersTwitter ?? null);
  const countSource = row.mentions7d === null ? null : (row.metricSources.mentions7d ?? null);
  const username = row.postsUsername ?? toXUsername(row.twitterHandle);
  // A stored list that no longer parses (a hand edit) is shown as never read, never partly.
  const posts = XRecentPostSchema.array().safeParse(row.posts);
  const postsSource: MetricSource | null =
    row.postsFetchedAt && posts.success
      ? { source: 'x', asOf: row.postsFetchedAt.toISOString(), ...(row.postsStale ? { stale: true } : {}) }
      : null;
  const summary: SocialSummary = {
    projectId: row.id,
    projectName: row.name,
    source: 'x',
    configured,
    socialScore: { value: row.socialScore, computedAt: row.scoredAt?.toISOString() ?? null },
    officialAccount: username
      ? { username, url: profileUrl(username), followers: row.followersTwitter, followersSource }
      : null,
    mentions: { count: row.mentions7d, windowDays: X_MENTIONS_WINDOW_DAYS, countSource },
    recentPosts:
      postsSource && posts.data && username
        ? { items: posts.data.map((p) => ({ ...p, url: postUrl(username, p.id) })), postsSource }
        : null,
    lastUpdated: newestOf([followersSource, countSource, postsSource]),
  };
  return summary;
}

/** The newest as-of among the X figures' sources (the sample catalogue's figures are not X reads). */
function newestOf(sources: (MetricSource | null)[]): string | null {
  const times = sources.flatMap((s) => (s && s.source === 'x' && !s.sample ? [Date.parse(s.asOf)] : []));
  const newest = Math.max(...times.filter(Number.isFinite));
  return Number.isFinite(newest) ? new Date(newest).toISOString() : null;
}
