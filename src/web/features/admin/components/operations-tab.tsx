import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { MAINTENANCE_ACTIONS, type MaintenanceAction } from '../../../../shared/api/admin-ops.schema.ts';
import type { Operation, OperationRunsResponse } from '../../../../shared/api/admin-runs.schema.ts';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useOperationRuns, useRunMaintenance, useStartRefresh } from '../system-api.ts';
import { RunStatusBadge } from './run-status-badge.tsx';

type RunItem = OperationRunsResponse['items'][number];

/** Seconds since `startedAt`, ticking every second while a run is under way. */
function useElapsed(startedAt: string | null, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return startedAt ? Math.max(0, Math.round((now - new Date(startedAt).getTime()) / 1000)) : 0;
}

/** One operation: its button, the 409 or failure of the last click, and its newest run from sync_runs (live). */
function OperationCard({
  item,
  pending,
  error,
  onRun,
  children,
}: {
  item: RunItem;
  pending: boolean;
  error: unknown;
  onRun: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const run = item.run;
  const running = pending || run?.status === 'running';
  const elapsed = useElapsed(run?.status === 'running' ? run.startedAt : null, running);
  const op = item.operation;
  return (
    <section className="card min-w-0 space-y-3 p-4" data-slot={`operation-${op}`} aria-labelledby={`op-${op}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h3 id={`op-${op}`} className="font-semibold">
            {t(`operations.actions.${op}.title`)}
          </h3>
          <p className="muted text-sm">{t(`operations.actions.${op}.description`)}</p>
        </div>
        <button type="button" className="btn-primary" disabled={running} onClick={onRun}>
          {running ? t('operations.running') : t('operations.run')}
        </button>
      </div>
      {error !== null && error !== undefined && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error instanceof ApiError && error.code === 'MAINTENANCE_RUNNING'
            ? t('operations.alreadyRunning')
            : errorText(error)}
        </p>
      )}
      <div className="space-y-1 text-sm" aria-live="polite" data-slot="run-state">
        {run && op === 'refresh' && item.job !== 'full-sync' && (
          <p className="muted text-xs" data-slot="run-job">
            {t('operations.fromStartup', { name: jobName(t, item.job) })}
          </p>
        )}
        {run ? (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <RunStatusBadge status={run.status} />
              <span className="muted text-xs">
                {run.status === 'running'
                  ? t('operations.elapsed', { seconds: formatInteger(elapsed) })
                  : t('operations.finished', {
                      time: formatDateTime(run.finishedAt),
                      ms: formatInteger(run.durationMs ?? 0),
                    })}
              </span>
            </div>
            {Object.keys(run.counts).length > 0 && (
              <p className="break-words text-xs" data-slot="run-counts">
                {Object.entries(run.counts)
                  .map(([key, value]) => `${key}: ${formatInteger(value)}`)
                  .join(' · ')}
              </p>
            )}
            {run.errors.map((message, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a run's errors are a fixed list
              <p key={i} className="break-words text-xs text-red-700 dark:text-red-400">
                {message}
              </p>
            ))}
          </>
        ) : (
          <p className="muted text-xs">{t('operations.neverRun')}</p>
        )}
      </div>
      {children}
    </section>
  );
}

/** A job's name as the operator knows it (operations.jobNames), else the job's own name. */
const jobName = (t: TFunction<'admin'>, job: string) =>
  t(`operations.jobNames.${job}` as 'operations.jobNames.heat', { defaultValue: job });

/** The newest start-up run of each job: what the server did when it last started, under the names above. */
function StartupRuns({ data }: { data: OperationRunsResponse }) {
  const { t } = useTranslation('admin');
  return (
    <section className="card min-w-0 space-y-2 p-4" aria-labelledby="op-startup" data-slot="startup-runs">
      <h3 id="op-startup" className="font-semibold">
        {t('operations.startupTitle')}
      </h3>
      <p className="muted text-sm">{t('operations.startupIntro')}</p>
      {data.startup.length === 0 ? (
        <p className="muted text-xs">{t('operations.startupNone')}</p>
      ) : (
        <ul className="space-y-2">
          {data.startup.map(({ job, run }) => (
            <li key={job} className="min-w-0 space-y-0.5" data-slot="startup-run" data-job={job}>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{jobName(t, job)}</span>
                <RunStatusBadge status={run.status} />
                <span className="muted text-xs">
                  {run.finishedAt
                    ? t('operations.finished', {
                        time: formatDateTime(run.finishedAt),
                        ms: formatInteger(run.durationMs ?? 0),
                      })
                    : formatDateTime(run.startedAt)}
                </span>
              </div>
              {run.errors.map((message, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a run's errors are a fixed list
                <p key={i} className="break-words text-xs text-red-700 dark:text-red-400">
                  {message}
                </p>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The full sync's sources done so far out of all it runs (a heat recompute follows them). */
function RefreshSteps({ data }: { data: OperationRunsResponse }) {
  const { t } = useTranslation('admin');
  const done = data.refreshSteps.filter((s) => s.status !== 'running').length;
  const share = Math.min(1, done / Math.max(1, data.refreshTotalSteps));
  return (
    <div className="space-y-2" data-slot="refresh-steps">
      <div className="flex items-center gap-2">
        <div
          className="h-2 flex-1 rounded bg-slate-200 dark:bg-slate-800"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={data.refreshTotalSteps}
          aria-valuenow={done}
          aria-label={t('operations.steps', { done, total: data.refreshTotalSteps })}
        >
          <div className="h-2 rounded bg-blue-600" style={{ width: `${share * 100}%` }} />
        </div>
        <span className="text-xs tabular-nums">{t('operations.steps', { done, total: data.refreshTotalSteps })}</span>
      </div>
      <ul className="flex flex-wrap gap-1.5">
        {data.refreshSteps.map((step) => (
          <li key={`${step.job}-${step.startedAt}`} className="flex items-center gap-1 text-xs">
            <code>{step.job.replace(/^ingest:/, '')}</code>
            <RunStatusBadge status={step.status} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The "operations" tab: each maintenance action and "refresh all data" with a button and its live state. A
 * maintenance POST answers when the run is done; meanwhile, and during a refresh, the runs are polled every second.
 */
export function OperationsTab() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const maintenance = useRunMaintenance();
  const refresh = useStartRefresh();
  const [lastAction, setLastAction] = useState<MaintenanceAction | null>(null);
  const runs = useOperationRuns(maintenance.isPending || refresh.isPending);
  if (runs.isPending) return <Skeleton className="h-64 w-full" />;
  if (runs.isError) return <ErrorPanel title={t('tabs.operations')} message={errorText(runs.error)} />;
  const itemOf = (operation: Operation): RunItem =>
    runs.data.items.find((i) => i.operation === operation) ?? { operation, job: operation, run: null };
  return (
    <div className="space-y-4">
      <p className="muted text-sm">{t('operations.intro')}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        <OperationCard
          item={itemOf('refresh')}
          pending={refresh.isPending}
          error={refresh.error}
          onRun={() => refresh.mutate()}
        >
          {itemOf('refresh').run && <RefreshSteps data={runs.data} />}
        </OperationCard>
        {MAINTENANCE_ACTIONS.map((action) => (
          <OperationCard
            key={action}
            item={itemOf(action)}
            pending={maintenance.isPending && maintenance.variables === action}
            error={lastAction === action ? maintenance.error : null}
            onRun={() => {
              setLastAction(action);
              maintenance.mutate(action);
            }}
          />
        ))}
      </div>
      <StartupRuns data={runs.data} />
    </div>
  );
}
