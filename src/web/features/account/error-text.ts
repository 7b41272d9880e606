import { ApiError } from '../../lib/api-client.ts';
import { useErrorText } from '../../lib/errors.ts';

/**
 * A failure as one sentence in the page's language: a validation failure lists the server's per-field messages (sent
 * in the language the request asked for), anything else reads errors.<CODE> from the catalogue.
 */
export function useAccountErrorText(): (error: unknown) => string {
  const errorText = useErrorText();
  return (error) => {
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && Array.isArray(error.details)) {
      const messages = (error.details as { message?: unknown }[]).map((issue) => issue.message).filter(Boolean);
      if (messages.length > 0) return messages.join('; ');
    }
    return errorText(error);
  };
}

/** A shared schema's message is a catalogue key ("account.validation.nameLength"); i18next wants "account:…". */
export const toI18nKey = (key: string) => key.replace(/^(\w+)\./, '$1:');
