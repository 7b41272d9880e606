import type { AdminStatsResponse } from '../../../../shared/api/admin.schema.ts';
import type { StatsRun } from '../../../../shared/api/admin-stats.schema.ts';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDateTime, formatInteger, formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAdminStats } from '../system-api.ts';
import { RunStatusBadge } from './run-status-badge.tsx';

type Bar = { key: string; label: string; value: number; text: string };

/** Horizontal bars scaled to the largest value: readable at 390 px, no chart library needed. */
function Bars({ bars, label }: { bars: Bar[]; label: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <ul className="space-y-1.5" aria-label={label}>
      {bars.map((bar) => (
        <li key={bar.key} className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-2 text-sm">
          <span className="truncate" title={bar.label}>
            {bar.label}
          </span>
          <span className="h-2 rounded bg-slate-200 dark:bg-slate-800" aria-hidden="true">
            <span className="block h-2 rounded bg-blue-600" style={{ width: `${(bar.value / max) * 100}%` }} />
          </span>
          <span className="tabular-nums">{bar.text}</span>
        </li>
      ))}
    </ul>
  );
}

function Card({
  title,
  asOf,
  children,
  slot,
}: {
  title: string;
  asOf?: string;
  children: React.ReactNode;
  slot: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <section className="card min-w-0 space-y-3 p-4" data-slot={slot}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <h3 className="font-semibold">{title}</h3>
        {asOf && <span className="muted text-xs">{t('stats.asOf', { time: formatDateTime(asOf) })}</span>}
      </div>
      {children}
    </section>
  );
}

function RunList({ runs, empty }: { runs: StatsRun[]; empty: string }) {
  const { t } = useTranslation('admin');
  if (runs.length === 0) return <p className="muted text-sm">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
      {runs.map((run) => (
        <li key={run.id} className="space-y-1 py-2">
          <div className="flex flex-wrap items-center gap-2">
            <code className="break-all">{run.job}</code>
            <RunStatusBadge status={run.status} />
            <span className="muted text-xs">
              {formatDateTime(run.startedAt)}
              {run.durationMs !== null && ` · ${t('stats.duration', { ms: formatInteger(run.durationMs) })}`}
            </span>
          </div>
          {run.errors.map((error, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a run's errors are a fixed list
            <p key={i} className="break-words text-xs text-red-700 dark:text-red-400">
              {error}
            </p>
          ))}
        </li>
      ))}
    </ul>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatInteger(Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function StatsPanels({ stats }: { stats: AdminStatsResponse }) {
  const { t, i18n } = useTranslation('admin');
  const zh = i18n.language.startsWith('zh');
  const figures: [string, number][] = [
    ['projects', stats.projects],
    ['verifiedProjects', stats.verifiedProjects],
    ['users', stats.users],
    ['admins', stats.admins],
    ['activeSessions', stats.activeSessions],
    ['unsentMail', stats.unsentMail],
  ];
  return (
    <div className="space-y-4">
      <p className="muted text-sm" data-slot="stats-as-of">
        {t('stats.asOf', { time: formatDateTime(stats.asOf) })}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([key, value]) => (
          <div key={key} className="card p-3" data-slot={`stat-${key}`}>
            <dt className="muted text-xs">{t(`stats.figures.${key}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatInteger(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('stats.byCategory')} asOf={stats.asOf} slot="stats-by-category">
          <Bars
            label={t('stats.byCategory')}
            bars={stats.projectsByCategory.map((c) => ({
              key: c.category,
              label: c.category,
              value: c.count,
              text: formatInteger(c.count),
            }))}
          />
        </Card>
        <Card title={t('stats.sectorHeat')} asOf={stats.asOf} slot="stats-sector-heat">
          <Bars
            label={t('stats.sectorHeat')}
            bars={stats.sectorHeat.map((s) => ({
              key: s.id,
              label: (zh && s.nameZh) || s.name,
              value: s.heatScore ?? 0,
              text: s.heatScore === null ? t('stats.noHeat') : formatScore(s.heatScore),
            }))}
          />
        </Card>
        <Card title={t('stats.usersByLevel')} asOf={stats.asOf} slot="stats-users-by-level">
          <Bars
            label={t('stats.usersByLevel')}
            bars={(['free', 'premium', 'vip'] as const).map((level) => ({
              key: level,
              label: t(`stats.levels.${level}`),
              value: stats.usersByLevel[level],
              text: formatInteger(stats.usersByLevel[level]),
            }))}
          />
        </Card>
        <Card title={t('stats.database')} asOf={stats.asOf} slot="stats-database">
          <p className="text-lg font-semibold tabular-nums">{formatBytes(stats.database.bytes)}</p>
          <p className="muted text-sm">
            {t(`stats.dbKind.${stats.database.kind}`)} · {t(`stats.sizeSource.${stats.database.source}`)}
          </p>
        </Card>
        <Card title={t('stats.recentUpdates')} slot="stats-recent-updates">
          <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {stats.recentUpdates.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-x-2 py-1.5">
                <a className="link min-w-0 truncate" href={`/project/${encodeURIComponent(p.id)}`}>
                  {p.name}
                </a>
                <span className="muted text-xs">
                  {p.category} · {formatDateTime(p.updatedAt)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t('stats.sources')} asOf={stats.asOf} slot="stats-sources">
          <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {stats.sources.map((s) => (
              <li key={s.source} className="space-y-0.5 py-1.5">
                <div className="flex flex-wrap items-center justify-between gap-x-2">
                  <code>{s.source}</code>
                  <span className="text-xs">{t(`stats.sourceStates.${s.state}`)}</span>
                </div>
                <p className="muted text-xs">
                  {t('stats.dataAsOf', { time: formatDateTime(s.dataAsOf) })} ·{' '}
                  {t('stats.lastSuccess', { time: formatDateTime(s.lastSuccessAt) })}
                </p>
                {s.lastError && (
                  <p className="break-words text-xs text-red-700 dark:text-red-400">
                    {formatDateTime(s.lastError.at)}: {s.lastError.message}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t('stats.recentRuns')} slot="stats-recent-runs">
          <RunList runs={stats.recentRuns} empty={t('stats.noRuns')} />
        </Card>
        <Card title={t('stats.failedRuns')} slot="stats-failed-runs">
          <RunList runs={stats.failedRuns} empty={t('stats.noErrors')} />
        </Card>
      </div>
    </div>
  );
}

/** The "stats" tab: catalogue, sectors, users, database, sources and job runs, each with its as-of time. */
export function StatsTab() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const stats = useAdminStats();
  if (stats.isPending) return <Skeleton className="h-64 w-full" />;
  if (stats.isError)
    return (
      <ErrorPanel
        title={t('tabs.stats')}
        message={errorText(stats.error)}
        retryLabel={t('stats.retry')}
        onRetry={() => void stats.refetch()}
      />
    );
  return <StatsPanels stats={stats.data} />;
}
