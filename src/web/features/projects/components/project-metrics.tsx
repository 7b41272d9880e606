import { useState } from 'react';
import type { Project } from '../../../../shared/api/projects.schema.ts';
import { MetricSource } from '../../../components/metric-source.tsx';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { NoValue } from '../../../components/ui/no-value.tsx';
import { formatCompact, formatDecimal, formatUsd } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

type MetricKind = 'usd' | 'percent' | 'count' | 'number';
type MetricDef = { key: keyof typeof LABEL_KEYS; value: (p: Project) => number | null; kind: MetricKind };

// Label keys double as metricSources keys (the server's column names), so provenance is a direct lookup.
const LABEL_KEYS = {
  price: 'price',
  marketCap: 'marketCap',
  volume24h: 'volume24h',
  priceChange24h: 'priceChange24h',
  priceChange7d: 'priceChange7d',
  tvl: 'tvl',
  followersTwitter: 'followersTwitter',
  followersTelegram: 'followersTelegram',
  followersDiscord: 'followersDiscord',
  mentions7d: 'mentions7d',
  engagementAvg: 'engagementAvg',
  devCommits: 'devCommits',
  devStars: 'devStars',
  devForks: 'devForks',
  devContributors: 'devContributors',
  devCodeFrequency: 'devCodeFrequency',
  newsMentions: 'newsMentions',
  googleTrends: 'googleTrends',
  redditMentions: 'redditMentions',
} as const;

const GROUPS: { title: 'market' | 'community' | 'development' | 'news'; metrics: MetricDef[] }[] = [
  {
    title: 'market',
    metrics: [
      { key: 'price', value: (p) => p.metrics.price, kind: 'usd' },
      { key: 'marketCap', value: (p) => p.metrics.marketCap, kind: 'usd' },
      { key: 'volume24h', value: (p) => p.metrics.volume24h, kind: 'usd' },
      { key: 'priceChange24h', value: (p) => p.metrics.priceChange24h, kind: 'percent' },
      { key: 'priceChange7d', value: (p) => p.metrics.priceChange7d, kind: 'percent' },
      { key: 'tvl', value: (p) => p.metrics.tvl, kind: 'usd' },
    ],
  },
  {
    title: 'community',
    metrics: [
      { key: 'followersTwitter', value: (p) => p.followers.twitter, kind: 'count' },
      { key: 'followersTelegram', value: (p) => p.followers.telegram, kind: 'count' },
      { key: 'followersDiscord', value: (p) => p.followers.discord, kind: 'count' },
      { key: 'mentions7d', value: (p) => p.social.mentions7d, kind: 'count' },
      { key: 'engagementAvg', value: (p) => p.social.engagementAvg, kind: 'number' },
    ],
  },
  {
    title: 'development',
    metrics: [
      { key: 'devCommits', value: (p) => p.development.commits, kind: 'count' },
      { key: 'devStars', value: (p) => p.development.stars, kind: 'count' },
      { key: 'devForks', value: (p) => p.development.forks, kind: 'count' },
      { key: 'devContributors', value: (p) => p.development.contributors, kind: 'count' },
      { key: 'devCodeFrequency', value: (p) => p.development.codeFrequency, kind: 'number' },
    ],
  },
  {
    title: 'news',
    metrics: [
      { key: 'newsMentions', value: (p) => p.news.mentions, kind: 'count' },
      { key: 'googleTrends', value: (p) => p.news.googleTrends, kind: 'number' },
      { key: 'redditMentions', value: (p) => p.news.redditMentions, kind: 'count' },
    ],
  },
];

const TOTAL = GROUPS.reduce((sum, group) => sum + group.metrics.length, 0);
/** At most this many known figures: the page leads with "what we know / what we don't" instead of the full grid. */
const FEW_KNOWN = 5;

/**
 * Every metric we hold for the project, grouped, each with where and when it came from ("no data" when missing). A
 * project with few known figures gets a short "what we know / what we don't" summary first and the full grid folded.
 */
export function ProjectMetrics({ project }: { project: Project }) {
  const { t } = useTranslation(['project', 'app']);
  const known = GROUPS.flatMap((group) => group.metrics.filter((metric) => metric.value(project) !== null));
  const few = known.length <= FEW_KNOWN;
  // Folded, the full grid is not rendered at all (not merely hidden): one copy of each figure on the page.
  const [showAll, setShowAll] = useState(false);
  return (
    <section aria-labelledby="project-metrics" className="space-y-4">
      <h2 id="project-metrics" className="text-lg font-semibold">
        {t('project:metrics.title')}
      </h2>
      {few ? (
        <>
          <FewInputsSummary project={project} known={known} />
          <button type="button" className="link text-sm" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
            {t('project:metrics.summary.showAll', { total: TOTAL })}
          </button>
          {showAll && <MetricGroups project={project} />}
        </>
      ) : (
        <MetricGroups project={project} />
      )}
    </section>
  );
}

/** What a project with few inputs has (each figure with its source) and, per group, what is missing — in words. */
function FewInputsSummary({ project, known }: { project: Project; known: MetricDef[] }) {
  const { t } = useTranslation('project');
  return (
    <div className="card space-y-4 p-5" data-slot="few-inputs">
      <p className="muted text-sm">{t('metrics.summary.hint', { count: known.length, total: TOTAL })}</p>
      <div>
        <h3 className="font-semibold">{t('metrics.summary.known')}</h3>
        {known.length === 0 ? (
          <p className="muted mt-2 text-sm">{t('metrics.summary.nothingKnown')}</p>
        ) : (
          <dl className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {known.map((metric) => (
              <div key={metric.key}>
                <dt className="muted text-xs font-medium">{t(`metrics.${LABEL_KEYS[metric.key]}`)}</dt>
                <dd className="mt-1">
                  <MetricValue value={metric.value(project)} kind={metric.kind} />
                  {metric.key === 'redditMentions' && <RedditAuthors project={project} />}
                  <MetricSource source={project.metricSources[metric.key]} variant="line" />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div>
        <h3 className="font-semibold">{t('metrics.summary.unknown')}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {GROUPS.map((group) => {
            const missing = group.metrics.filter((metric) => metric.value(project) === null);
            if (missing.length === 0) return null;
            const names = missing
              .map((metric) => t(`metrics.${LABEL_KEYS[metric.key]}`))
              .join(t('about.listSeparator'));
            const groupName = t(`metrics.${group.title}`);
            return (
              <li key={group.title}>
                {missing.length === group.metrics.length
                  ? t('metrics.summary.groupNone', { group: groupName, total: group.metrics.length })
                  : t('metrics.summary.groupSome', {
                      group: groupName,
                      missing: missing.length,
                      total: group.metrics.length,
                    })}
                <span className="muted"> ({names})</span>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

function MetricGroups({ project }: { project: Project }) {
  const { t } = useTranslation(['project', 'app']);
  return (
    <>
      {GROUPS.map((group) => (
        <div key={group.title} className="card p-5">
          <h3 className="font-semibold">{t(`project:metrics.${group.title}`)}</h3>
          <dl className="mt-3 grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.metrics.map((metric) => (
              <div key={metric.key}>
                <dt className="muted text-xs font-medium">{t(`project:metrics.${LABEL_KEYS[metric.key]}`)}</dt>
                <dd className="mt-1">
                  <MetricValue value={metric.value(project)} kind={metric.kind} />
                  {metric.key === 'redditMentions' && <RedditAuthors project={project} />}
                  <MetricSource
                    source={project.metricSources[metric.key]}
                    variant="line"
                    hasValue={metric.value(project) !== null}
                  />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </>
  );
}

/** "42 posts · 31 authors" under the Reddit mentions: the heat score counts at most 3 posts per distinct author. */
function RedditAuthors({ project }: { project: Project }) {
  const { t } = useTranslation('project');
  const { redditMentions: posts, redditAuthors: authors } = project.news;
  if (posts === null || authors === null) return null;
  return (
    <span className="block text-sm tabular-nums" data-reddit-authors="">
      {t('metrics.redditPostsAuthors', { posts: formatCompact(posts), authors: formatCompact(authors) })}
    </span>
  );
}

function MetricValue({ value, kind }: { value: number | null; kind: MetricKind }) {
  if (value === null) {
    return (
      <span className="text-lg font-semibold">
        <NoValue />
      </span>
    );
  }
  if (kind === 'percent') {
    return (
      <span className="text-lg font-semibold">
        <ChangeText value={value} />
      </span>
    );
  }
  const text = kind === 'usd' ? formatUsd(value) : kind === 'count' ? formatCompact(value) : formatDecimal(value);
  return <span className="text-lg font-semibold tabular-nums">{text}</span>;
}
