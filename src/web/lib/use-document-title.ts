import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "<page> · HeatRank" (translated brand), so each page is titled for tabs and screen readers. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = title ? `${title} · ${t('brand')}` : t('brand');
  }, [title, t]);
}
