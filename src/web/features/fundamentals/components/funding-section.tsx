import { useTranslation } from 'react-i18next';
import type { FundingRound } from '../../../../shared/api/fundamentals.schema.ts';
import { useSourceName } from '../../../components/metric-source.tsx';
import { ExternalIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, formatUsd } from '../../../lib/format.ts';
import { useProjectFunding } from '../api.ts';

/** The spec's "investors": the project's funding rounds (DefiLlama `/raises`), each with its source and as-of. */
export function FundingSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation(['project', 'provenance', 'app']);
  const sourceName = useSourceName();
  const funding = useProjectFunding(projectId);
  return (
    <section aria-labelledby="project-funding" className="card p-5" data-testid="project-funding">
      <h2 id="project-funding" className="text-lg font-semibold">
        {t('project:funding.title')}
      </h2>
      {funding.isPending ? (
        <Skeleton className="mt-3 h-16 w-full" />
      ) : funding.isError ? (
        <p role="alert" className="muted mt-3 text-sm">
          {t('app:data.loadFailed')}
        </p>
      ) : funding.data.rounds.length === 0 ? (
        <p className="muted mt-3 text-sm" data-testid="project-funding-empty">
          {t('project:funding.empty', { source: sourceName(funding.data.source) })}
        </p>
      ) : (
        <>
          <ol className="mt-3 divide-y divide-gray-200 dark:divide-gray-800">
            {funding.data.rounds.map((round) => (
              <FundingRoundItem key={`${round.date}-${round.round ?? ''}-${round.name}`} round={round} />
            ))}
          </ol>
          <p className="muted mt-3 text-xs" data-testid="project-funding-as-of">
            {t('provenance:line.asOf', {
              date: formatDate(funding.data.asOf),
              source: sourceName(funding.data.source),
            })}
          </p>
        </>
      )}
    </section>
  );
}

function FundingRoundItem({ round }: { round: FundingRound }) {
  const { t } = useTranslation('project');
  const separator = t('about.listSeparator');
  return (
    <li className="py-3 text-sm" data-testid="funding-round">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-medium">{round.round ?? t('funding.unnamedRound')}</span>
        <span className="muted text-xs">{formatDate(round.date)}</span>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="muted text-xs">{t('funding.amount')}</dt>
        <dd>{round.amountUsd === null ? t('funding.undisclosed') : formatUsd(round.amountUsd)}</dd>
        {round.valuationUsd !== null && (
          <>
            <dt className="muted text-xs">{t('funding.valuation')}</dt>
            <dd>{formatUsd(round.valuationUsd)}</dd>
          </>
        )}
        <dt className="muted text-xs">{t('funding.leadInvestors')}</dt>
        <dd>{round.leadInvestors.length > 0 ? round.leadInvestors.join(separator) : t('funding.notListed')}</dd>
        {round.otherInvestors.length > 0 && (
          <>
            <dt className="muted text-xs">{t('funding.otherInvestors')}</dt>
            <dd>{round.otherInvestors.join(separator)}</dd>
          </>
        )}
      </dl>
      {round.sourceUrl && (
        <a
          href={round.sourceUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="link mt-2 inline-flex items-center gap-1 text-xs"
        >
          {t('funding.announcement')}
          <ExternalIcon size={12} />
          <span className="sr-only">{t('links.opensInNewTab')}</span>
        </a>
      )}
    </li>
  );
}
