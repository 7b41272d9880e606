import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';

/** The user-facing sentence for any failure: t('errors.<CODE>') with the error's params, or a generic one. */
export function useErrorText(): (error: unknown, params?: Record<string, string>) => string {
  const { t } = useTranslation('errors');
  return (error, params = {}) => {
    if (error instanceof ApiError) {
      return t(error.code, { reason: error.message, id: '', ...params });
    }
    return t('INTERNAL');
  };
}
