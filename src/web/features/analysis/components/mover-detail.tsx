import { Link } from 'react-router';
import type { Mover } from '../../../../shared/api/analysis.schema.ts';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { formatDateTime, formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatSigned } from '../analysis-view.ts';
import { useSignalLabel } from './fact-source.tsx';

/**
 * One move: the heat change (points), from → to since when, and the components that drove it with their change in
 * points. With `showName`, the project's name links to its page (market and sector lists).
 */
export function MoverDetail({ mover, showName = false }: { mover: Mover; showName?: boolean }) {
  const { t } = useTranslation('analysis');
  const signalLabel = useSignalLabel();
  return (
    <div className="min-w-0" data-mover={mover.projectId} data-window={mover.window}>
      <p className="flex flex-wrap items-baseline justify-between gap-x-2">
        {showName && (
          <Link to={`/project/${encodeURIComponent(mover.projectId)}`} className="link min-w-0 truncate font-medium">
            {mover.name}
          </Link>
        )}
        <span className="font-semibold">
          <ChangeText value={mover.change} digits={1} suffix={` ${t('movers.unit')}`} />
        </span>
      </p>
      <p className="muted text-xs tabular-nums" title={formatDateTime(mover.since)}>
        {t('movers.fromTo', { from: formatScore(mover.from), to: formatScore(mover.to) })} ·{' '}
        {t('movers.since', { date: formatDateTime(mover.since) })}
      </p>
      {mover.drivers.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs" aria-label={t('movers.drivers')}>
          {mover.drivers.map((driver) => (
            <li key={driver.key} className="flex justify-between gap-2">
              <span className="min-w-0 truncate">{signalLabel(driver.key)}</span>
              <span className="tabular-nums">{formatSigned(driver.delta)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
