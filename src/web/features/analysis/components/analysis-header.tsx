import { BrainIcon } from '../../../components/ui/icons.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { dataVersionTime } from '../analysis-view.ts';

/** The panel's title, what it promises (every number cited) and which heat run it analyses. */
export function AnalysisHeader({ id, title, dataVersion }: { id: string; title: string; dataVersion?: string }) {
  const { t } = useTranslation('analysis');
  const run = dataVersion === undefined ? undefined : dataVersionTime(dataVersion);
  return (
    <header>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <BrainIcon size={20} className="text-brand-600 dark:text-brand-400" />
        {title}
      </h2>
      <p className="muted text-sm">{t('panel.subtitle')}</p>
      {run !== undefined && (
        <p className="muted mt-1 text-xs">
          {run ? t('panel.computedAt', { date: formatDateTime(run) }) : t('panel.noRun')}
        </p>
      )}
    </header>
  );
}
