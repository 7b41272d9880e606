import { Link, useSearchParams } from 'react-router';
import { formatInteger } from '../lib/format.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { EmptyState } from './ui/empty-state.tsx';

type Props = { page: number; pageCount: number };

/**
 * A ?page= beyond the end of a non-empty list: says so and links to the last page (same filters), instead of
 * claiming that nothing matches.
 */
export function PastLastPage({ page, pageCount }: Props) {
  const { t } = useTranslation('app');
  const [params] = useSearchParams();
  const last = new URLSearchParams(params);
  if (pageCount > 1) last.set('page', String(pageCount));
  else last.delete('page');
  const pages = formatInteger(pageCount);
  return (
    <EmptyState
      title={t('data.pastEnd.title')}
      description={t('data.pastEnd.text', { page: formatInteger(page), pages })}
      action={
        <Link to={{ search: last.toString() }} className="btn-secondary">
          {t('data.pastEnd.action', { pages })}
        </Link>
      }
    />
  );
}
