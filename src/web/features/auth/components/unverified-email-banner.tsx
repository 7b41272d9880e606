import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useResendVerification } from '../api.ts';

/** True once any request of the page was refused with EMAIL_NOT_VERIFIED (a claim, a checkout, an export…). */
function useRefusedForEmail(): boolean {
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const isRefusal = (error: unknown) => error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED';
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && isRefusal(event.mutation.state.error)) setRefused(true);
    });
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isRefusal(event.action.error)) setRefused(true);
    });
    return () => {
      mutations();
      queries();
    };
  }, [queryClient]);
  return refused;
}

/**
 * The spec's "Email not verified" state, on every page while it lasts: what it holds back, and the resend action.
 * When an action of the page is refused for it, the banner becomes an alert and takes the focus, so the way out is
 * where the user's eyes go (the page itself shows the same message where the action failed).
 */
export function UnverifiedEmailBanner({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const resend = useResendVerification();
  const refused = useRefusedForEmail();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!refused) return;
    buttonRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    buttonRef.current?.focus({ preventScroll: true });
  }, [refused]);

  return (
    <div
      role={refused ? 'alert' : 'status'}
      data-testid="unverified-banner"
      className={`border-b text-sm ${
        refused
          ? 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100'
          : 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100'
      }`}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <p className="min-w-0 flex-1 basis-64">
          <strong className="font-semibold">{t('unverified.title')}</strong>{' '}
          <span className="break-words">{t('unverified.body', { email })}</span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {resend.isSuccess && <span role="status">{t('unverified.sent')}</span>}
          {resend.isError && <span role="alert">{errorText(resend.error)}</span>}
          {!resend.isSuccess && (
            <button
              ref={buttonRef}
              type="button"
              className="btn-secondary py-1"
              disabled={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {resend.isPending ? t('unverified.sending') : t('unverified.resend')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
