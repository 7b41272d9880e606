import { ApiError } from './api-client.ts';
import { useTranslation } from './use-translation.ts';

/** A validation failure's fields (`details: [{ field, message }]`), for the catalogue's {{reason}}. */
function fieldsOf(details: unknown): string {
  if (!Array.isArray(details)) return '';
  return details
    .map((issue: { field?: unknown }) => (typeof issue?.field === 'string' ? issue.field : ''))
    .filter(Boolean)
    .join(', ');
}

/**
 * The user-facing sentence for any failure. The server's own message when it is in the UI language (every request
 * names it, api-client.ts): only the server knows what fills a validation reason or an import row. Otherwise, after
 * a language switch or with the page's own params (an id), t('errors.<CODE>'); a generic one for the rest.
 */
export function useErrorText(): (error: unknown, params?: Record<string, string>) => string {
  const { t, i18n } = useTranslation('errors');
  return (error, params = {}) => {
    if (!(error instanceof ApiError)) return t('UNKNOWN'); // spec §8 "Unknown error"
    const noParams = Object.keys(params).length === 0;
    if (noParams && error.language === i18n.language && error.message) return error.message;
    return t(error.code, { reason: fieldsOf(error.details), id: '', ...params });
  };
}
