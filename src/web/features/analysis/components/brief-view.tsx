import type { BriefResponse } from '../../../../shared/api/analysis.schema.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { BriefTarget } from '../api.ts';
import { useBrief } from '../hooks/use-brief.ts';
import { CitedText } from './cited-text.tsx';

/**
 * A brief as it is written: the loading spinner with the spec's "initialising the AI analysis system" line and the
 * text streaming in, then the brief with its citations, who wrote it (a model, or the template and why) and when.
 */
export function BriefView({ target, anchorPage }: { target: BriefTarget; anchorPage?: string }) {
  const { t } = useTranslation(['analysis', 'app']);
  const { query, streamed } = useBrief(target);

  if (query.isPending) {
    return (
      <div role="status" aria-live="polite" aria-busy="true" data-brief-state="streaming" className="space-y-2">
        <div className="flex items-center gap-3">
          <Spinner size={20} />
          <div>
            <p className="text-sm font-medium">{t('analysis:brief.streaming')}</p>
            {/* Not the spec's "AI analysis system" line: whether a model writes this brief is known only when it is done. */}
            <p className="muted text-xs">{t('app:loading.subtitlePending')}</p>
          </div>
        </div>
        {streamed && <p className="leading-7 whitespace-pre-line">{streamed}</p>}
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorPanel
        title={t('analysis:brief.loadError')}
        message={query.error.message}
        retryLabel={t('analysis:panel.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <BriefBody brief={query.data} anchorPage={anchorPage} />;
}

function BriefBody({ brief, anchorPage }: { brief: BriefResponse; anchorPage?: string }) {
  const { t } = useTranslation('analysis');
  return (
    <div data-brief-state="done" data-brief-origin={brief.origin} className="space-y-2">
      <BriefInputsLine inputs={brief.inputs} />
      {brief.segments.length === 0 ? (
        <p className="muted text-sm">{t('brief.empty')}</p>
      ) : (
        <CitedText segments={brief.segments} facts={brief.facts} anchorPage={anchorPage} />
      )}
      <p className="muted flex flex-wrap items-center gap-2 text-xs">
        {brief.origin === 'template' ? (
          <>
            <Badge tone="yellow">{t('brief.template')}</Badge>
            <span data-brief-fallback={brief.fallbackReason ?? ''}>
              {t(`brief.fallback.${brief.fallbackReason ?? 'noModel'}`)}
            </span>
          </>
        ) : (
          <span>{t('brief.byModel', { model: brief.model ?? '—' })}</span>
        )}
        <span>{t('brief.generatedAt', { date: formatDateTime(brief.generatedAt) })}</span>
      </p>
    </div>
  );
}

/** What the brief rests on, above its text: the sample and its date, live data, or stale since when. */
function BriefInputsLine({ inputs }: { inputs: BriefResponse['inputs'] }) {
  const { t } = useTranslation('analysis');
  const date = inputs.kind === 'live' ? formatDateTime(inputs.asOf) : formatDate(inputs.asOf);
  const warn = inputs.kind !== 'live';
  return (
    <p
      data-brief-inputs={inputs.kind}
      className={
        warn
          ? 'rounded bg-amber-100 px-2 py-1 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200'
          : 'muted text-xs'
      }
    >
      {t(`brief.inputs.${inputs.kind}`, { date, age: inputs.ageDays ?? 0 })}
    </p>
  );
}
