import { Link } from 'react-router';
import type { SimilarProject } from '../../../../shared/api/analysis.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatFraction } from '../analysis-view.ts';
import { useSignalLabel } from './fact-source.tsx';

/** Up to five similar projects, each a link to its page, with its similarity and the traits both share. */
export function SimilarList({
  items,
  sectorLabel = (name) => name,
}: {
  items: readonly SimilarProject[];
  /** A sector's display name in the UI language (the page passes the sectors feature's). */
  sectorLabel?: (name: string) => string;
}) {
  const { t } = useTranslation('analysis');
  const signalLabel = useSignalLabel();
  if (items.length === 0) return <p className="muted text-sm">{t('similar.none')}</p>;
  return (
    <ul className="space-y-2 text-sm">
      {items.map((item) => {
        const traits = [
          item.shared.sector && t('similar.sector', { sector: sectorLabel(item.shared.sector) }),
          item.shared.chains.length > 0 && t('similar.chains', { list: item.shared.chains.join(', ') }),
          item.shared.tags.length > 0 && t('similar.tags', { list: item.shared.tags.join(', ') }),
          item.shared.signals.length > 0 &&
            t('similar.signals', { list: item.shared.signals.map(signalLabel).join(', ') }),
        ].filter(Boolean);
        return (
          <li key={item.projectId} className="min-w-0" data-similar={item.projectId}>
            <p className="flex flex-wrap items-baseline justify-between gap-x-2">
              <Link to={`/project/${encodeURIComponent(item.projectId)}`} className="link font-medium">
                {item.name}
              </Link>
              <span className="muted text-xs tabular-nums">
                {t('similar.similarity', { value: formatFraction(item.similarity) })}
              </span>
            </p>
            {traits.length > 0 && <p className="muted text-xs">{traits.join(' · ')}</p>}
          </li>
        );
      })}
    </ul>
  );
}
