import { ErrorPanel } from '../components/ui/error-panel.tsx';
import { LockedFeature } from '../features/membership/components/locked-feature.tsx';
import { lockReasonOf } from '../features/membership/lock-reason.ts';
import { useSite } from '../features/site/api.ts';
import { ApiError, isClientError } from '../lib/api-client.ts';
import { useErrorText } from '../lib/errors.ts';
import { useTranslation } from '../lib/use-translation.ts';

type QueryErrorProps = {
  query: { error: unknown; refetch: () => unknown };
  /** Interpolation values for the error message, e.g. { id } for PROJECT_NOT_FOUND. */
  params?: Record<string, string>;
};

/** A failed query's detail the server gave an admin (DATABASE_QUERY_FAILED: SQLSTATE and the database's words). */
function adminDetailOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code !== 'DATABASE_QUERY_FAILED') return undefined;
  const details = error.details as { sqlState?: unknown; detail?: unknown } | undefined;
  if (typeof details?.detail !== 'string') return undefined;
  return typeof details.sqlState === 'string' ? `${details.sqlState}: ${details.detail}` : details.detail;
}

/**
 * A failed data panel (spec §8): "Data Load Failed", the error in the UI language (errors.<CODE>: network, server,
 * timeout or unknown), "Please try again" with a retry, and — for a failure the reader cannot fix — "Contact support"
 * with the operator's address when one is configured (CONTACT_EMAIL; none shown otherwise). An admin also sees a failed
 * query's detail. A used-up daily quota (429 *_LIMIT_REACHED) is no failure and a retry cannot help: it shows the
 * limit, its reset and the way to more.
 */
export function QueryError({ query, params }: QueryErrorProps) {
  const { t } = useTranslation('app');
  const errorText = useErrorText();
  const site = useSite();
  const lock = lockReasonOf(query.error);
  if (lock?.kind === 'limit') return <LockedFeature reason={lock} />;
  const email = site.data?.contactEmail;
  const detail = adminDetailOf(query.error);
  return (
    <ErrorPanel
      title={t('data.loadFailed')}
      message={errorText(query.error, params)}
      hint={t('errorHelp.tryAgain')}
      retryLabel={t('data.retry')}
      onRetry={() => void query.refetch()}
      {...(detail ? { detail: { label: t('errorHelp.detail'), text: detail } } : {})}
      {...(email && !isClientError(query.error) ? { contact: { label: t('errorHelp.contactSupport'), email } } : {})}
    />
  );
}
