import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';

/** The spinner shown while a route's code loads (spec §2: 加载中 and the AI-analysis subtext). */
export function PageLoading() {
  const { t } = useTranslation('app');
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16"
    >
      <Spinner size={48} />
      <p className="text-lg font-semibold">{t('loading.title')}</p>
      <p className="muted text-sm">{t('loading.subtitle')}</p>
    </div>
  );
}
