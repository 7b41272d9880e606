import { z } from 'zod';
import { MetricSourceSchema } from './common.schema.ts';

// HTTP contract of a project's social summary (GET /api/projects/:id/social): the spec's "Social summary"
// (projectName, socialScore 0-100, officialAccount, mentions, recentTweets, lastUpdated), from stored X reads only.

/** Posts kept per project: the most engaged of the account's latest original posts that ingestion reads. */
export const X_RECENT_POSTS_KEPT = 5;
/** The window of the mentions count (GET /2/tweets/counts/recent over the last 7 days). */
export const X_MENTIONS_WINDOW_DAYS = 7;

/** One of the official account's recent original posts as X returned it (counts are X's public_metrics). */
export const XRecentPostSchema = z.object({
  id: z.string().regex(/^\d{1,30}$/),
  /** The post's text, as plain text (never HTML). */
  text: z.string(),
  /** When it was posted; null when X did not say. */
  postedAt: z.iso.datetime().nullable(),
  likes: z.number().int().min(0),
  reposts: z.number().int().min(0),
  replies: z.number().int().min(0),
  /** Null when X did not return a quote count. */
  quotes: z.number().int().min(0).nullable(),
});
export type XRecentPost = z.infer<typeof XRecentPostSchema>;

export const SocialSummarySchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  /** Where the figures come from: X (Twitter) API v2, read by the social ingestion job through the account pool. */
  source: z.literal('x'),
  /** Whether X can be read on this server now (SECRET_KEY set and an X account in the pool not switched off). */
  configured: z.boolean(),
  /**
   * The heat model's social score 0–100 (shared/scoring/social-score.ts) from the stored X figures; null when no
   * social input was read. `computedAt` is the recompute that produced it.
   */
  socialScore: z.object({ value: z.number().min(0).max(100).nullable(), computedAt: z.iso.datetime().nullable() }),
  /** The project's official X account; null when the catalogue names none. */
  officialAccount: z
    .object({
      /** Without the @, as X spells it when it was read, else as the catalogue has it. */
      username: z.string(),
      url: z.url(),
      followers: z.number().nullable(),
      /** Where and when `followers` came from (stale when the last refresh failed); null when never read. */
      followersSource: MetricSourceSchema.nullable(),
    })
    .nullable(),
  mentions: z.object({
    /** Posts mentioning the account over the window, X's count; null when never read. */
    count: z.number().nullable(),
    windowDays: z.number().int(),
    countSource: MetricSourceSchema.nullable(),
  }),
  /**
   * The most engaged (likes + reposts + replies + quotes) of the account's latest original posts, at most
   * X_RECENT_POSTS_KEPT, most engaged first. Null = never read here; an empty list = read, and none were found.
   */
  recentPosts: z
    .object({ items: z.array(XRecentPostSchema.extend({ url: z.url() })), postsSource: MetricSourceSchema })
    .nullable(),
  /** Newest as-of among the X figures above; null when nothing was ever read. */
  lastUpdated: z.iso.datetime().nullable(),
});
export type SocialSummary = z.infer<typeof SocialSummarySchema>;
