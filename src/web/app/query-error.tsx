import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../components/ui/error-panel.tsx';
import { useErrorText } from '../lib/errors.ts';

type QueryErrorProps = {
  query: { error: unknown; refetch: () => unknown };
  /** Interpolation values for the error message, e.g. { id } for PROJECT_NOT_FOUND. */
  params?: Record<string, string>;
};

/** A failed data panel: "could not load", the error in the UI language (errors.<CODE>), and a retry. */
export function QueryError({ query, params }: QueryErrorProps) {
  const { t } = useTranslation('app');
  const errorText = useErrorText();
  return (
    <ErrorPanel
      title={t('data.loadFailed')}
      message={errorText(query.error, params)}
      retryLabel={t('data.retry')}
      onRetry={() => void query.refetch()}
    />
  );
}
