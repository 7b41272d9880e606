import type { SocialSummary } from '../../../../shared/api/social.schema.ts';
import { MetricSource } from '../../../components/metric-source.tsx';
import { ExternalIcon } from '../../../components/ui/icons.tsx';
import { NoValue } from '../../../components/ui/no-value.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCompact, formatDate, formatDateTime, formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useProjectSocial } from '../api.ts';

type Posts = NonNullable<SocialSummary['recentPosts']>;

/**
 * The spec's social summary on the project page: the official X account and its followers, mentions over the last
 * 7 days, the most engaged recent posts (text as text, a link to each) and the social score, each with its source and
 * as-of. Only what was read from X is shown. Not configured and nothing stored, the section stays, saying so in one
 * line: an investor looking for a project's social standing learns why it is absent rather than wondering.
 */
export function SocialSummarySection({ projectId }: { projectId: string }) {
  const { t } = useTranslation(['project', 'app']);
  const social = useProjectSocial(projectId);
  return (
    <section aria-labelledby="project-social" className="card min-w-0 p-5" data-testid="project-social">
      <h2 id="project-social" className="text-lg font-semibold">
        {t('project:social.title')}
      </h2>
      {social.isPending ? (
        <Skeleton className="mt-3 h-24 w-full" />
      ) : social.isError ? (
        <p role="alert" className="muted mt-3 text-sm">
          {t('app:data.loadFailed')}
        </p>
      ) : (
        <SocialBody summary={social.data} />
      )}
    </section>
  );
}

function SocialBody({ summary }: { summary: SocialSummary }) {
  const { t } = useTranslation('project');
  const { officialAccount: account, configured, lastUpdated } = summary;
  if (!account) {
    return (
      <p className="muted mt-3 text-sm" data-social-state="no-account">
        {t('social.noAccount')}
      </p>
    );
  }
  if (lastUpdated === null) {
    // Nothing was ever read from X for this project: one line saying why, and where the account is. No figure.
    return (
      <div className="mt-3 space-y-2 text-sm">
        <p className="muted" data-social-state={configured ? 'not-fetched' : 'not-configured'}>
          {configured ? t('social.notFetched') : t('social.notConfigured')}
        </p>
        <p>
          <span className="muted">{t('social.accountLabel')}</span> <AccountLink account={account} />
        </p>
      </div>
    );
  }
  return (
    <div className="mt-3 space-y-4">
      {!configured && (
        <p className="muted text-sm" data-social-state="not-configured">
          {t('social.notConfiguredKept')}
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="muted text-xs font-medium">{t('social.account')}</dt>
          <dd className="mt-1">
            <AccountLink account={account} />
            <span className="block text-sm tabular-nums" data-social-figure="followers">
              {account.followers === null ? (
                <NoValue />
              ) : (
                t('social.followers', { count: account.followers, value: formatCompact(account.followers) })
              )}
            </span>
            <MetricSource source={account.followersSource} variant="line" hasValue={account.followers !== null} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="muted text-xs font-medium">{t('social.mentions', { days: summary.mentions.windowDays })}</dt>
          <dd className="mt-1">
            <span className="text-lg font-semibold tabular-nums" data-social-figure="mentions">
              {summary.mentions.count === null ? <NoValue /> : formatCompact(summary.mentions.count)}
            </span>
            <MetricSource
              source={summary.mentions.countSource}
              variant="line"
              hasValue={summary.mentions.count !== null}
            />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="muted text-xs font-medium">{t('social.score')}</dt>
          <dd className="mt-1">
            <span className="text-lg font-semibold tabular-nums" data-social-figure="score">
              {summary.socialScore.value === null ? (
                <NoValue reason="notScored" />
              ) : (
                t('social.scoreValue', { value: formatScore(summary.socialScore.value) })
              )}
            </span>
            {summary.socialScore.value !== null && summary.socialScore.computedAt && (
              <span className="muted mt-0.5 block text-xs">
                {t('social.scoreComputed', { date: formatDate(summary.socialScore.computedAt) })}
              </span>
            )}
          </dd>
        </div>
      </dl>
      {summary.recentPosts && <RecentPosts posts={summary.recentPosts} />}
      <p className="muted text-xs" data-testid="project-social-as-of">
        {t('social.sourceLine', { date: formatDateTime(lastUpdated) })}
      </p>
    </div>
  );
}

function AccountLink({ account }: { account: NonNullable<SocialSummary['officialAccount']> }) {
  const { t } = useTranslation('project');
  return (
    <a
      href={account.url}
      target="_blank"
      rel="noopener noreferrer"
      className="link inline-flex max-w-full items-center gap-1 font-semibold"
    >
      <span className="truncate">@{account.username}</span>
      <ExternalIcon size={12} />
      <span className="sr-only">{t('links.opensInNewTab')}</span>
    </a>
  );
}

function RecentPosts({ posts }: { posts: Posts }) {
  const { t } = useTranslation('project');
  return (
    <div className="min-w-0">
      <h3 className="font-semibold">{t('social.posts.title')}</h3>
      {posts.items.length === 0 ? (
        <p className="muted mt-2 text-sm" data-social-state="no-posts">
          {t('social.posts.none', { date: formatDate(posts.postsSource.asOf) })}
        </p>
      ) : (
        <ol className="mt-2 divide-y divide-gray-200 dark:divide-gray-800">
          {posts.items.map((post) => (
            <li key={post.id} className="min-w-0 py-3 text-sm" data-testid="social-post">
              {/* Plain text from X: React escapes it; pre-line keeps its line breaks, anywhere-wrap long links. */}
              <p className="whitespace-pre-line [overflow-wrap:anywhere]">{post.text}</p>
              <div className="muted mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs tabular-nums">
                <span>{t('social.posts.likes', { count: post.likes, value: formatCompact(post.likes) })}</span>
                <span>{t('social.posts.reposts', { count: post.reposts, value: formatCompact(post.reposts) })}</span>
                <span>{t('social.posts.replies', { count: post.replies, value: formatCompact(post.replies) })}</span>
                {post.postedAt && <time dateTime={post.postedAt}>{formatDateTime(post.postedAt)}</time>}
                <a
                  href={post.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="link inline-flex items-center gap-1"
                >
                  {t('social.posts.open')}
                  <ExternalIcon size={12} />
                  <span className="sr-only">{t('links.opensInNewTab')}</span>
                </a>
              </div>
            </li>
          ))}
        </ol>
      )}
      <MetricSource source={posts.postsSource} variant="line" />
    </div>
  );
}
