import type { SyncSource } from '../../../../shared/api/sync.schema.ts';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { HeadlineState, Problem } from '../status-state.ts';

const TONES: Record<'good' | 'neutral' | 'warn' | 'bad', { box: string; dot: string }> = {
  good: {
    box: 'border-green-300 bg-green-50 text-green-950 dark:border-green-900 dark:bg-green-950/40 dark:text-green-100',
    dot: 'bg-green-600',
  },
  neutral: { box: 'border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900', dot: 'bg-gray-400' },
  warn: {
    box: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100',
    dot: 'bg-amber-500',
  },
  bad: {
    box: 'border-red-300 bg-red-50 text-red-950 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100',
    dot: 'bg-red-600',
  },
};

const TONE_OF: Record<HeadlineState, keyof typeof TONES> = {
  operational: 'good',
  checking: 'neutral',
  pending: 'neutral',
  degraded: 'warn',
  syncUnknown: 'warn',
  failed: 'bad',
  unavailable: 'bad',
  unreachable: 'bad',
};

/** The translation key of a source's display name (the catalogue pseudo-source is the "sample data" source). */
export const sourceNameKey = (source: SyncSource) =>
  `ingestion:sources.${source === 'catalogue' ? 'catalogue-sample' : source}` as const;

type StatusHeadlineProps = { state: HeadlineState; problems: Problem[]; jobsDisabled: boolean };

/**
 * The one-line verdict of /status and, below it, every reason it is not "all systems operational", in plain words.
 * `data-health` carries the state for tests.
 */
export function StatusHeadline({ state, problems, jobsDisabled }: StatusHeadlineProps) {
  const { t } = useTranslation(['pages', 'ingestion']);
  const tone = TONES[TONE_OF[state]];
  const title =
    state === 'operational' || state === 'checking' || state === 'unavailable' || state === 'unreachable'
      ? t(`status.${state === 'operational' ? 'ok' : state}`)
      : t(`status.headline.${state}`);
  const jobName = (job: string) => t(`status.jobNames.${job}` as 'status.jobNames.heat', { defaultValue: job });
  const sentence = (problem: Problem) => {
    const base = 'source' in problem ? { source: t(sourceNameKey(problem.source)) } : { job: jobName(problem.job) };
    const date = 'at' in problem ? formatDateTime(problem.at) : undefined;
    if (problem.key === 'sourcePartial') {
      return t('status.problems.sourcePartial', {
        ...base,
        date,
        requested: formatInteger(problem.requested),
        failed: formatInteger(problem.failed),
      });
    }
    return t(`status.problems.${problem.key}`, { ...base, date });
  };
  return (
    <div role="status" className={`rounded-xl border p-5 ${tone.box}`}>
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className={`size-3 shrink-0 rounded-full ${tone.dot}`} />
        <p className="text-lg font-semibold" data-health={state}>
          {title}
        </p>
      </div>
      {(problems.length > 0 || jobsDisabled) && (
        <ul className="mt-3 list-disc space-y-1 ps-9 text-sm" data-testid="status-problems">
          {problems.map((problem) => (
            <li key={`${problem.key}:${'source' in problem ? problem.source : problem.job}`}>{sentence(problem)}</li>
          ))}
          {jobsDisabled && <li>{t('status.jobsDisabled')}</li>}
        </ul>
      )}
    </div>
  );
}
