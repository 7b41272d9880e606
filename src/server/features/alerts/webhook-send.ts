import { WEBHOOK_SIGNATURE_HEADER } from '../../../shared/api/alerts.schema.ts';
import { signWebhook } from './webhook-signature.ts';

/** How long a webhook receiver has to answer (headers and body) before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The longest error line kept in the delivery log (no response body beyond it, never a secret or the URL). */
export const DELIVERY_ERROR_MAX = 200;

export type WebhookAttempt = { ok: boolean; statusCode: number | null; error: string | null };

/**
 * POSTs one signed JSON body. 2xx = delivered; anything else (3xx included: redirects are not followed, so a signed
 * body never travels to a host the owner did not name), a network error or the timeout is a failed attempt. The
 * answer's body is read only for a short first line of the error.
 */
export async function postWebhook(
  url: string,
  secret: string,
  body: string,
  now: Date,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<WebhookAttempt> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'HeatRank-Webhook/1',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, now),
      },
      body,
      redirect: 'manual',
      signal,
    });
    if (response.status >= 200 && response.status < 300) {
      await response.body?.cancel().catch(() => {});
      return { ok: true, statusCode: response.status, error: null };
    }
    const text = await response.text().catch(() => '');
    const line = text.split('\n', 1)[0]?.trim() ?? '';
    return {
      ok: false,
      statusCode: response.status,
      error: truncate(`HTTP ${response.status}${line ? `: ${line}` : ''}`),
    };
  } catch (error) {
    return { ok: false, statusCode: null, error: truncate(describeFetchError(error, signal)) };
  }
}

function describeFetchError(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'timed out';
  if (error instanceof Error) {
    const cause = error.cause as { code?: unknown } | undefined;
    return typeof cause?.code === 'string' ? `${error.message} (${cause.code})` : error.message;
  }
  return String(error);
}

export function truncate(text: string, max = DELIVERY_ERROR_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
