import { Spinner } from '../../components/ui/spinner.tsx';
import { useSite } from '../../features/site/api.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/**
 * The spinner shown while a route's code loads (spec §2: 加载中 and the AI-analysis subtext). The spec's subtext
 * speaks of an AI system: it is shown only when a model writes the briefs (GET /api/site aiModel); without one the
 * same place says that the analytics are prepared and briefs come from templates.
 */
export function PageLoading() {
  const { t } = useTranslation('app');
  const site = useSite().data;
  const subtitle =
    site === undefined
      ? t('loading.subtitlePending')
      : site.aiModel
        ? t('loading.subtitle')
        : t('loading.subtitleNoModel');
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16"
    >
      <Spinner size={48} />
      <p className="text-lg font-semibold">{t('loading.title')}</p>
      <p className="muted text-sm" data-testid="loading-subtitle">
        {subtitle}
      </p>
    </div>
  );
}
