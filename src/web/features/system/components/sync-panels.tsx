import type { ReactNode } from 'react';
import type {
  RunStatus,
  SourceFreshness,
  SourceState,
  SyncJobState,
  SyncStatusResponse,
} from '../../../../shared/api/sync.schema.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { formatDate, formatDateTime, formatDuration, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { sourceNameKey } from './status-headline.tsx';

const STATE_TONE: Record<SourceState, BadgeTone> = {
  ok: 'green',
  failing: 'red',
  partial: 'orange',
  stale: 'yellow',
  unconfigured: 'gray',
  'never-run': 'blue',
  sample: 'purple',
};

const RUN_TONE: Record<RunStatus, BadgeTone> = {
  running: 'blue',
  success: 'green',
  partial: 'orange',
  failed: 'red',
  skipped: 'gray',
  cancelled: 'gray',
};

/** Each data source: its state, last success, last run (with what it reported), next run, data age, last error. */
export function SourceList({ sync }: { sync: SyncStatusResponse }) {
  const { t } = useTranslation('pages');
  return (
    <section aria-labelledby="status-sources" className="space-y-3">
      <h2 id="status-sources" className="text-lg font-semibold">
        {t('status.sourcesTitle')}
      </h2>
      <p className="muted text-sm">{t('status.sourcesHint')}</p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {sync.sources.map((source) => (
          <SourceCard key={source.source} source={source} jobsEnabled={sync.jobsEnabled} />
        ))}
      </ul>
    </section>
  );
}

function SourceCard({ source, jobsEnabled }: { source: SourceFreshness; jobsEnabled: boolean }) {
  const { t } = useTranslation(['pages', 'ingestion']);
  const name = t(sourceNameKey(source.source));
  const isSample = source.source === 'catalogue';
  const nextRun = source.nextRunAt
    ? formatDateTime(source.nextRunAt)
    : jobsEnabled
      ? t('status.noSchedule')
      : t('status.notScheduled');
  return (
    <li className="card min-w-0 space-y-3 p-4" data-source={source.source} data-state={source.state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{name}</h3>
        <Badge tone={STATE_TONE[source.state]}>{t(`status.sourceState.${source.state}`)}</Badge>
      </div>
      {isSample && source.projects === 0 ? (
        <p className="muted text-sm">{t('status.dataNone')}</p>
      ) : isSample ? (
        <p className="muted text-sm">
          {t('status.sampleNote', { projects: formatInteger(source.projects), date: formatDate(source.dataAsOf) })}
        </p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <Row label={t('status.field.lastSuccess')}>
            {source.lastSuccessAt ? formatDateTime(source.lastSuccessAt) : t('status.never')}
          </Row>
          <Row label={t('status.field.lastRun')}>
            {source.lastRunAt && source.lastStatus ? (
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span>{formatDateTime(source.lastRunAt)}</span>
                <Badge tone={RUN_TONE[source.lastStatus]}>{t(`status.runStatus.${source.lastStatus}`)}</Badge>
              </span>
            ) : (
              t('status.never')
            )}
          </Row>
          {source.lastTally && source.lastTally.requested > 0 && (
            <Row label="">
              <span className="muted">
                {t('status.tally', {
                  requested: formatInteger(source.lastTally.requested),
                  succeeded: formatInteger(source.lastTally.succeeded),
                  failed: formatInteger(source.lastTally.failed),
                  skipped: formatInteger(source.lastTally.skipped),
                })}
              </span>
            </Row>
          )}
          <Row label={t('status.field.nextRun')}>{nextRun}</Row>
          <Row label={t('status.field.data')}>
            {source.projects > 0
              ? t('status.dataSummary', {
                  projects: formatInteger(source.projects),
                  stale: formatInteger(source.staleProjects),
                  date: formatDateTime(source.dataAsOf),
                })
              : t('status.dataNone')}
          </Row>
        </dl>
      )}
      {source.lastError && (
        <p className="break-words text-sm text-red-800 dark:text-red-300">
          {t('status.field.lastError')} ({formatDateTime(source.lastError.at)}): {source.lastError.message}
        </p>
      )}
      <SettingNote source={source} />
    </li>
  );
}

/** What an operator can set for the source: required and missing, optional and missing, or set. */
function SettingNote({ source }: { source: SourceFreshness }) {
  const { t } = useTranslation('pages');
  const setting = source.setting;
  if (!setting) return null;
  const text =
    setting.name === 'X_ACCOUNTS' && !setting.set
      ? t('status.setting.xAccountsMissing')
      : setting.name === 'SECRET_KEY' && !setting.set
        ? t('status.setting.xSecretMissing')
        : setting.name === 'REDDIT_CLIENT_ID' && !setting.set
          ? t('status.setting.redditMissing')
          : setting.set
            ? setting.required
              ? null
              : t('status.setting.optionalSet', { name: setting.name })
            : t(setting.required ? 'status.setting.requiredMissing' : 'status.setting.optionalMissing', {
                name: setting.name,
              });
  if (!text) return null;
  return <p className={setting.required && !setting.set ? 'text-sm' : 'muted text-sm'}>{text}</p>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** Every scheduled job: last run with its status and duration, next run; and the run counts of the sync log. */
export function JobList({ sync }: { sync: SyncStatusResponse }) {
  const { t } = useTranslation('pages');
  const { metrics } = sync;
  return (
    <section aria-labelledby="status-jobs" className="space-y-3">
      <h2 id="status-jobs" className="text-lg font-semibold">
        {t('status.jobsTitle')}
      </h2>
      <ul className="card divide-y divide-gray-200 dark:divide-gray-800">
        {sync.jobs.map((job) => (
          <JobRow key={job.job} job={job} jobsEnabled={sync.jobsEnabled} />
        ))}
      </ul>
      <p className="muted text-sm">
        {t('status.metrics', {
          total: formatInteger(metrics.totalSyncs),
          successful: formatInteger(metrics.successfulSyncs),
          partial: formatInteger(metrics.partialSyncs),
          failed: formatInteger(metrics.failedSyncs),
        })}{' '}
        <span data-testid="sync-metrics-split">
          {t('status.metricsSplit', {
            externalTotal: formatInteger(metrics.external.total),
            externalSuccessful: formatInteger(metrics.external.successful),
            externalFailed: formatInteger(metrics.external.failed),
            internalTotal: formatInteger(metrics.internal.total),
            internalSuccessful: formatInteger(metrics.internal.successful),
            internalFailed: formatInteger(metrics.internal.failed),
          })}
        </span>
      </p>
    </section>
  );
}

function JobRow({ job, jobsEnabled }: { job: SyncJobState; jobsEnabled: boolean }) {
  const { t } = useTranslation('pages');
  const name = t(`status.jobNames.${job.job}` as 'status.jobNames.heat', { defaultValue: job.job });
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm" data-job={job.job}>
      <span className="min-w-0 flex-1 basis-48 font-medium">{name}</span>
      <span className="flex flex-wrap items-center gap-2">
        <span className="muted">{t('status.field.lastRun')}</span>
        {job.lastRunAt ? formatDateTime(job.lastRunAt) : t('status.never')}
        {job.lastStatus && <Badge tone={RUN_TONE[job.lastStatus]}>{t(`status.runStatus.${job.lastStatus}`)}</Badge>}
        {job.lastDurationMs !== null && (
          <span className="muted">{formatDuration(Math.round(job.lastDurationMs / 1000))}</span>
        )}
      </span>
      <span className="flex flex-wrap items-center gap-2">
        <span className="muted">{t('status.field.nextRun')}</span>
        {job.nextRunAt
          ? formatDateTime(job.nextRunAt)
          : jobsEnabled
            ? t('status.noSchedule')
            : t('status.notScheduled')}
      </span>
    </li>
  );
}
