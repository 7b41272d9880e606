import { useState } from 'react';
import type { AdStartResponse, CreditResponse, TasksResponse } from '../../../../shared/api/tasks.schema.ts';
import { POINTS_PER_AD } from '../../../../shared/membership/tasks.ts';
import { ExternalIcon } from '../../../components/ui/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useClaimAd, useStartAd } from '../api.ts';
import { type ServerWait, useSecondsLeft } from '../hooks/use-seconds-left.ts';
import { readSecondsLeft } from '../progress.ts';
import { CreditNotice, ErrorNotice } from './credit-notice.tsx';

type AdSlotProps = { ads: TasksResponse['ads']; cap: TasksResponse['caps']['ads']; resetsAt: string };
type Watching = ServerWait & Pick<AdStartResponse, 'token' | 'ad'>;

/** A wait of `seconds` from now, in the same shape as the server's answer. */
const waitOf = (seconds: number): ServerWait => ({
  serverNow: new Date(0).toISOString(),
  creditableAt: new Date(seconds * 1000).toISOString(),
  receivedAt: performance.now(),
});

/**
 * The ad slot (free users only): start → the house ad with a countdown to the server's creditableAt → claim → the
 * credit. The server decides everything (token, view time, cap); this only shows its answers.
 */
export function AdSlot({ ads, cap, resetsAt }: AdSlotProps) {
  const { t } = useTranslation('tasks');
  const [watching, setWatching] = useState<Watching | null>(null);
  const [credit, setCredit] = useState<CreditResponse | null>(null);
  const start = useStartAd();
  const claim = useClaimAd();
  const secondsLeft = useSecondsLeft(watching);

  if (!ads.shown) {
    return (
      <section aria-labelledby="ad-slot-title" className="card space-y-1 p-5">
        <h2 id="ad-slot-title" className="text-lg font-semibold">
          {t('ad.adFreeTitle')}
        </h2>
        <p className="muted text-sm">{t('ad.adFree')}</p>
      </section>
    );
  }

  const capReached = cap.used >= cap.limit;
  function handleWatch() {
    setCredit(null);
    claim.reset();
    start.mutate(undefined, {
      onSuccess: (answer) => setWatching({ ...answer, receivedAt: performance.now() }),
    });
  }
  function handleClaim(token: string) {
    claim.mutate(token, {
      onSuccess: (answer) => {
        setCredit(answer);
        setWatching(null);
      },
      onError: (error) => {
        // 409 too early names the seconds left (server time): restart the countdown from it.
        const left = error instanceof ApiError ? readSecondsLeft(error.details) : null;
        if (left && watching) setWatching({ ...watching, ...waitOf(left) });
      },
    });
  }

  return (
    <section aria-labelledby="ad-slot-title" className="card space-y-3 p-5">
      <div>
        <h2 id="ad-slot-title" className="text-lg font-semibold">
          {t('ad.title')}
        </h2>
        <p className="muted text-sm">{t('ad.hint', { points: POINTS_PER_AD, limit: cap.limit, used: cap.used })}</p>
      </div>
      {watching ? (
        <div className="space-y-3">
          <article
            aria-label={t('ad.label')}
            className="rounded-lg border border-gray-200 bg-gray-50 p-4 dark:border-gray-700 dark:bg-gray-800/60"
          >
            <p className="muted text-xs uppercase tracking-wide">{t('ad.label')}</p>
            {watching.ad.imageUrl && (
              <img src={watching.ad.imageUrl} alt="" className="mt-2 max-h-40 w-full rounded object-cover" />
            )}
            <h3 className="mt-2 font-semibold">{watching.ad.title}</h3>
            <p className="mt-1 text-sm">{watching.ad.body}</p>
            <a
              href={watching.ad.linkUrl}
              target="_blank"
              rel="noopener noreferrer sponsored"
              className="link mt-2 inline-flex items-center gap-1 text-sm"
            >
              {t('ad.open')}
              <ExternalIcon size={14} />
            </a>
          </article>
          <p className="text-sm" aria-live="polite">
            {secondsLeft > 0 ? t('ad.countdown', { seconds: secondsLeft }) : t('ad.ready')}
          </p>
          <button
            type="button"
            className="btn-primary"
            disabled={secondsLeft > 0 || claim.isPending}
            onClick={() => handleClaim(watching.token)}
          >
            {t('ad.claim', { points: POINTS_PER_AD })}
          </button>
        </div>
      ) : capReached ? (
        <p className="muted text-sm">{t('ad.capReached', { limit: cap.limit, time: resetsAt })}</p>
      ) : (
        <button type="button" className="btn-primary" disabled={start.isPending} onClick={handleWatch}>
          {t('ad.watch', { points: POINTS_PER_AD })}
        </button>
      )}
      {credit && <CreditNotice credit={credit} />}
      {start.isError && <ErrorNotice error={start.error} />}
      {claim.isError && <ErrorNotice error={claim.error} />}
    </section>
  );
}
