import type { ReactNode } from 'react';
import type { FundingRound } from '../../../../shared/api/fundamentals.schema.ts';
import { useSourceName } from '../../../components/metric-source.tsx';
import { ExternalIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, formatUsd } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useProjectFunding } from '../api.ts';

/**
 * The spec's "investors": the project's funding rounds (DefiLlama `/raises`), each with its source and as-of. Who
 * invested and at what valuation is VIP premium data: below vip the server withholds it (`locked`), each round says
 * so and `locked` (the page's locked-feature panel) follows the list.
 */
export function FundingSection({ projectId, locked }: { projectId: string; locked: ReactNode }) {
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
        // Never read here ("not fetched yet") is not the same as read and empty ("none on record").
        <p
          className="muted mt-3 text-sm"
          data-testid="project-funding-empty"
          data-state={funding.data.checkedAt ? 'none-on-record' : 'not-fetched'}
        >
          {funding.data.checkedAt
            ? t('project:funding.emptyChecked', {
                source: sourceName(funding.data.source),
                date: formatDate(funding.data.checkedAt),
              })
            : t('project:funding.notFetched', { source: sourceName(funding.data.source) })}
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
          {funding.data.locked && (
            <div className="mt-3" data-testid="project-funding-locked">
              {locked}
            </div>
          )}
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
        {round.detail ? (
          <RoundDetail detail={round.detail} separator={separator} />
        ) : (
          <>
            <dt className="muted text-xs">{t('funding.investorsAndValuation')}</dt>
            <dd className="muted" data-slot="funding-detail-locked">
              {t('funding.vipOnly')}
            </dd>
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

/** Who invested and at what valuation (vip's answer). */
function RoundDetail({ detail, separator }: { detail: NonNullable<FundingRound['detail']>; separator: string }) {
  const { t } = useTranslation('project');
  return (
    <>
      {detail.valuationUsd !== null && (
        <>
          <dt className="muted text-xs">{t('funding.valuation')}</dt>
          <dd>{formatUsd(detail.valuationUsd)}</dd>
        </>
      )}
      <dt className="muted text-xs">{t('funding.leadInvestors')}</dt>
      <dd>{detail.leadInvestors.length > 0 ? detail.leadInvestors.join(separator) : t('funding.notListed')}</dd>
      {detail.otherInvestors.length > 0 && (
        <>
          <dt className="muted text-xs">{t('funding.otherInvestors')}</dt>
          <dd>{detail.otherInvestors.join(separator)}</dd>
        </>
      )}
    </>
  );
}

/** Under a missing logo (the initial shows): whether it is not downloaded yet, failed, or no source gives one. */
export function LogoNote({ projectId }: { projectId: string }) {
  const { t } = useTranslation('project');
  const funding = useProjectFunding(projectId);
  const state = funding.data?.logo;
  if (!state || state === 'stored') return null;
  return (
    <span className="muted max-w-16 text-[11px] leading-4" data-logo-state={state}>
      {t(`funding.logo.${state}`)}
    </span>
  );
}
