import { useTranslation } from 'react-i18next';

/** Translated labels for components/ui Pagination. */
export function usePaginationLabels(page: number, pageCount: number) {
  const { t } = useTranslation('app');
  return {
    nav: t('data.pagination'),
    previous: t('data.previous'),
    next: t('data.next'),
    status: t('data.pageStatus', { page, pages: pageCount }),
  };
}
