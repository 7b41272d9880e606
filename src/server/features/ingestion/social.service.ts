import { fetchInviteMemberCount } from '../../sources/discord/discord.client.ts';
import { pause, SourceError, toHttpPolicy } from '../../sources/http.ts';
import { fetchChatMemberCount } from '../../sources/telegram/telegram.client.ts';
import type { TtlCache } from '../../sources/ttl-cache.ts';
import { createXClient } from '../../sources/x/x.client.ts';
import { ALL_ACCOUNTS_FAILED, XApiError } from '../../sources/x/x.errors.ts';
import { applyXVerification } from '../projects/verification.service.ts';
import { getSocialCapacity, pruneSocialUsage } from '../social-accounts/social-accounts.service.ts';
import { createXAccountPool, xPoolOptions } from '../social-accounts/x-account-pool.service.ts';
import {
  countSocialCandidates,
  markMetricsStale,
  selectSocialTargets,
  updateProjectMetrics,
} from './ingestion.queries.ts';
import {
  emptyResult,
  errorMessage,
  type IngestDeps,
  type IngestOptions,
  type SourceRunResult,
} from './ingestion.types.ts';
import { toDiscordInviteCode, toTelegramChatId, toXUsername } from './links.ts';
import { type MetricField, type MetricUpdate, SOURCE_FIELDS, type SourceName } from './metric-fields.ts';
import { markXRecentPostsStale, upsertXRecentPosts } from './x-posts.queries.ts';

/** The pool has no account left, or the source asked for a longer pause than we wait: stop this run. */
function isSourceExhausted(error: unknown): boolean {
  if (error instanceof XApiError) return error.message === ALL_ACCOUNTS_FAILED;
  return error instanceof SourceError && error.kind === 'rate_limited';
}

/** Social data is refreshed at most every 7 days per project (spec §9). */
export const SOCIAL_REFRESH_MS = 7 * 86_400_000;
/** The social job runs hourly; each run takes 1/168 of the projects, so a week covers everyone once. */
export const SOCIAL_RUNS_PER_WEEK = 7 * 24;
/** X requests per project: profile, recent search, counts. */
const X_REQUESTS_PER_PROJECT = 3;

type Fetcher = (handle: string, now: Date, projectId: string) => Promise<MetricUpdate['values']>;

async function runSocialSource(
  deps: IngestDeps,
  source: Extract<SourceName, 'x' | 'telegram' | 'discord'>,
  field: MetricField,
  fetcher: Fetcher,
  options: IngestOptions & { maxProjects?: number; onFailed?: (projectId: string) => Promise<void> },
): Promise<SourceRunResult> {
  const { db, config } = deps;
  const now = deps.now?.() ?? new Date();
  const result = emptyResult(source);
  const candidates = await countSocialCandidates(db, field);
  const share = Math.ceil(candidates / SOCIAL_RUNS_PER_WEEK);
  const limit = Math.min(options.limit ?? share, options.maxProjects ?? Number.POSITIVE_INFINITY);
  const targets =
    limit > 0 ? await selectSocialTargets(db, field, new Date(now.getTime() - SOCIAL_REFRESH_MS), limit) : [];
  let failed = 0;
  let stopped = 0;
  for (const [i, target] of targets.entries()) {
    if (i > 0) await pause(config.INGEST_SOCIAL_PAUSE_MS, deps.signal);
    deps.signal?.throwIfAborted();
    try {
      const values = await fetcher(target.handle ?? '', now, target.id);
      await updateProjectMetrics(db, source, deps.now?.() ?? new Date(), [{ id: target.id, values }]);
      result.updatedIds.push(target.id);
    } catch (error) {
      deps.signal?.throwIfAborted(); // stopping: not this project's failure
      failed++;
      result.errors.push(`${target.id}: ${errorMessage(error)}`);
      await markMetricsStale(db, source, SOURCE_FIELDS[source], [target.id]);
      await options.onFailed?.(target.id);
      if (isSourceExhausted(error)) {
        // Every further call would fail the same way (or wait 60 s each): the rest stay due for the next run.
        result.errors.push(`stopped after ${i + 1} of ${targets.length}: ${errorMessage(error)}`);
        stopped = targets.length - i - 1;
        break;
      }
    }
    options.onProgress?.(i + 1, targets.length);
  }
  result.counts = { due: targets.length, candidates, updated: result.updatedIds.length, failed, stopped };
  result.tally = { requested: targets.length, succeeded: result.updatedIds.length, failed, skipped: stopped };
  result.failed = targets.length > 0 && result.updatedIds.length === 0;
  return result;
}

/**
 * X (Twitter): followers, 7-day mentions and average engagement of the 5 latest tweets, through the account pool;
 * the same search's most engaged posts are stored for the project's social summary (x_recent_posts), kept and marked
 * stale when a read fails.
 * Skipped (not failed) without SECRET_KEY or usable accounts. Pass a long-lived `cache` to keep the spec's TTLs
 * (profile 60 min, metrics 30 min, posts 15 min) across runs. Usage records older than 30 days are pruned first.
 */
export async function runXSocial(
  deps: IngestDeps,
  options: IngestOptions = {},
  cache?: TtlCache<unknown>,
): Promise<SourceRunResult> {
  const { db, config } = deps;
  const now = deps.now?.() ?? new Date();
  await pruneSocialUsage(db, now);
  if (!config.SECRET_KEY) return { ...emptyResult('x'), skipped: 'SECRET_KEY is not set' };
  const capacity = await getSocialCapacity(db, now);
  if (capacity < X_REQUESTS_PER_PROJECT)
    return { ...emptyResult('x'), skipped: 'no X account with requests left today' };
  const x = createXClient(
    createXAccountPool({ ...xPoolOptions(db, config, config.SECRET_KEY), now: deps.now, signal: deps.signal }),
    cache,
  );
  return runSocialSource(
    deps,
    'x',
    'followersTwitter',
    async (handle, at, projectId) => {
      const username = toXUsername(handle);
      if (!username) throw new Error(`invalid X handle "${handle}"`);
      const profile = await x.getUser(username);
      // The official account's check mark (docs/verification.md); an operator's site review is never overwritten.
      await applyXVerification(deps.db, projectId, profile, at);
      const mentions7d = await x.getMentions7d(username, at);
      const posts = await x.getPosts(username);
      await upsertXRecentPosts(deps.db, {
        projectId,
        username: profile.username,
        posts: posts.top,
        fetchedAt: deps.now?.() ?? new Date(), // the same clock as the metrics' as-of
      });
      return { followersTwitter: profile.followers, mentions7d, engagementAvg: posts.engagementAvg };
    },
    {
      ...options,
      maxProjects: Math.floor(capacity / X_REQUESTS_PER_PROJECT),
      onFailed: (projectId) => markXRecentPostsStale(deps.db, projectId),
    },
  );
}

/** Telegram member counts via getChatMemberCount; skipped without TELEGRAM_BOT_TOKEN. */
export async function runTelegramSocial(deps: IngestDeps, options: IngestOptions = {}): Promise<SourceRunResult> {
  const { config } = deps;
  const token = config.TELEGRAM_BOT_TOKEN;
  if (!token) return { ...emptyResult('telegram'), skipped: 'TELEGRAM_BOT_TOKEN is not set' };
  return runSocialSource(
    deps,
    'telegram',
    'followersTelegram',
    async (url) => {
      const chatId = toTelegramChatId(url);
      if (!chatId) throw new Error(`no Telegram channel in "${url}"`);
      return {
        followersTelegram: await fetchChatMemberCount(
          config.TELEGRAM_BASE_URL,
          token,
          chatId,
          toHttpPolicy(config, deps.signal),
        ),
      };
    },
    options,
  );
}

/** Discord approximate member counts from the project's public invite (no key needed). */
export async function runDiscordSocial(deps: IngestDeps, options: IngestOptions = {}): Promise<SourceRunResult> {
  const { config } = deps;
  return runSocialSource(
    deps,
    'discord',
    'followersDiscord',
    async (url) => {
      const code = toDiscordInviteCode(url);
      if (!code) throw new Error(`no Discord invite in "${url}"`);
      return {
        followersDiscord: await fetchInviteMemberCount(
          config.DISCORD_BASE_URL,
          code,
          toHttpPolicy(config, deps.signal),
        ),
      };
    },
    options,
  );
}
