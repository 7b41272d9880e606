import { Link } from 'react-router';
import type { ProposalPreviewResponse } from '../../../../shared/api/weight-proposals.schema.ts';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatCorrelation } from '../evaluation-view.ts';
import { formatWeightPercent } from '../weights-view.ts';
import { SummaryFigure } from './evaluation-figures.tsx';

const SHOWN = 20;
const signed = (n: number) => (n > 0 ? `+${n}` : n === 0 ? '0' : `−${Math.abs(n)}`);

/** A proposal's ranking beside today's, its movers with why, and its evaluation against today's model. */
export function ProposalResults({
  result,
  sectorLabel,
}: {
  result: ProposalPreviewResponse;
  sectorLabel: (category: string) => string;
}) {
  const { t } = useTranslation(['methodology', 'heat']);
  const top = result.top.slice(0, SHOWN);
  const horizon = t('evaluation.horizonDays', { count: result.evaluation.horizon });
  const withDays = result.evaluation.outcomes.filter((o) => o.current.correlation.days > 0);
  return (
    <div className="mt-4 grid gap-4" data-testid="proposal-results" aria-live="polite">
      <p className="text-sm">{t('lab.ranked', { count: result.ranked })}</p>{' '}
      <ScrollRegion label={t('lab.topCaption', { count: top.length })}>
        <table className="w-full min-w-[28rem] text-sm" data-testid="proposal-top">
          <caption className="px-4 pt-3 text-left font-semibold">{t('lab.topCaption', { count: top.length })}</caption>
          <thead className="muted text-xs">
            <tr>
              <th scope="col" className="px-4 py-2 text-right">
                {t('lab.rank')}
              </th>
              <th scope="col" className="px-2 py-2 text-left">
                {t('lab.project')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {t('lab.heat')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {t('lab.todayRank')}
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                {t('lab.change')}
              </th>
            </tr>
          </thead>
          <tbody>
            {top.map((p) => (
              <tr key={p.id} className="border-t border-gray-100 dark:border-gray-800" data-project={p.id}>
                <td className="px-4 py-1.5 text-right tabular-nums">{p.rank}</td>
                <th scope="row" className="px-2 py-1.5 text-left font-normal">
                  <Link className="link" to={`/project/${encodeURIComponent(p.id)}`}>
                    {p.name}
                  </Link>{' '}
                  <span className="muted text-xs">{sectorLabel(p.category)}</span>
                </th>
                <td className="px-2 py-1.5 text-right tabular-nums">{formatScore(p.heat)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{p.currentRank ?? t('lab.notRanked')}</td>
                <td className="px-4 py-1.5 text-right tabular-nums">
                  {p.currentRank === null ? '—' : signed(p.currentRank - p.rank)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <section className="card p-4" aria-labelledby="proposal-movers">
        <h3 id="proposal-movers" className="font-semibold">
          {t('lab.moversCaption')}
        </h3>
        {result.movers.length === 0 ? (
          <p className="muted mt-2 text-sm">{t('lab.noMovers')}</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm" data-testid="proposal-movers">
            {result.movers.map((m) => (
              <li key={m.id} data-project={m.id}>
                <span className="font-medium">{m.name}</span>{' '}
                <span className="tabular-nums">
                  {m.currentRank} → {m.rank} ({signed(m.rankChange)})
                </span>
                <span className="muted block text-xs">
                  {m.why
                    .map((w) =>
                      t('lab.why', {
                        input: t(`heat:components.${w.input}` as 'heat:components.stars'),
                        change: `${w.weightChange > 0 ? '+' : '−'}${formatWeightPercent(Math.abs(w.weightChange))}`,
                        points: `${w.points > 0 ? '+' : '−'}${Math.abs(w.points).toFixed(1)}`,
                      }),
                    )
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>{' '}
      <ScrollRegion label={t('lab.evaluationCaption', { horizon })}>
        <table className="w-full min-w-[28rem] text-sm" data-testid="proposal-evaluation">
          <caption className="px-4 pt-3 text-left font-semibold">{t('lab.evaluationCaption', { horizon })}</caption>
          <thead className="muted text-xs">
            <tr>
              <th scope="col" className="px-4 py-2 text-left">
                {t('evaluation.outcome')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {t('lab.yours')}
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                {t('lab.todays')}
              </th>
            </tr>
          </thead>
          <tbody>
            {withDays.length === 0 ? (
              <tr>
                <td colSpan={3} className="muted px-4 py-3">
                  {t('lab.noHistory')}
                </td>
              </tr>
            ) : (
              withDays.map((o) => (
                <tr key={o.outcome} className="border-t border-gray-100 dark:border-gray-800" data-outcome={o.outcome}>
                  <th scope="row" className="px-4 py-1.5 text-left font-normal">
                    {t(`evaluation.outcomes.${o.outcome}`)}
                  </th>
                  <td className="px-2 py-1.5 text-right tabular-nums">
                    <SummaryFigure summary={o.proposal.correlation} format="correlation" />
                  </td>
                  <td className="px-4 py-1.5 text-right tabular-nums">
                    <SummaryFigure summary={o.current.correlation} format="correlation" />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

/** "News +0.12 / +0.08 · Volume …": each outcome with a mean, the proposal's against today's. */
export function correlationList(
  outcomes: ProposalPreviewResponse['evaluation']['outcomes'],
  label: (outcome: string) => string,
): string | null {
  const parts = outcomes
    .filter((o) => o.proposal.correlation.mean !== null && o.current.correlation.mean !== null)
    .map(
      (o) =>
        `${label(o.outcome)} ${formatCorrelation(o.proposal.correlation.mean)} / ${formatCorrelation(o.current.correlation.mean)}`,
    );
  return parts.length > 0 ? parts.join(' · ') : null;
}
