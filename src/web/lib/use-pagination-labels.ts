import { useTranslation } from './use-translation.ts';

/**
 * Translated labels for components/ui Pagination: one wording of previous / next / "page N of M" everywhere. `nav`
 * names the list when a page has more than one (a landmark per list: "项目列表分页", "积分记录分页").
 */
export function usePaginationLabels(page: number, pageCount: number, nav?: string) {
  const { t } = useTranslation('app');
  return {
    nav: nav ?? t('data.pagination'),
    previous: t('data.previous'),
    next: t('data.next'),
    status: t('data.pageStatus', { page, pages: pageCount }),
  };
}
