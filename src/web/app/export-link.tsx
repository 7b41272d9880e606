import { Link, useSearchParams } from 'react-router';
import type { ExportSourceKind } from '../../shared/api/exports.values.ts';
import { exportHref } from '../features/exports/source-params.ts';
import { useTranslation } from '../lib/use-translation.ts';

type ExportLinkProps = {
  kind: ExportSourceKind;
  /** The source's own parameters (an id); the directory and search pass none and hand on their URL's filters. */
  params?: Record<string, string>;
};

/** The small "Export" link of the directory, search, watchlist and sector pages: /exports with the form prefilled. */
export function ExportLink({ kind, params }: ExportLinkProps) {
  const { t } = useTranslation('common');
  const [search] = useSearchParams();
  const carried = params ?? Object.fromEntries([...search].filter(([key]) => key !== 'page' && key !== 'source'));
  return (
    <Link to={exportHref(kind, carried)} className="btn-secondary text-sm" data-testid="export-link">
      {t('exportLink')}
    </Link>
  );
}
