import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useOAuthCallback } from '../api.ts';

type AuthCallbackProps = {
  code: string | null;
  state: string | null;
  /** The provider's own error (e.g. access_denied), when the user cancelled. */
  providerError: string | null;
  onSignedIn: (returnTo: string) => void;
};

/** /auth/callback: hands the provider's code and state to the server once, then leaves for the page the user came from. */
export function AuthCallback({ code, state, providerError, onSignedIn }: AuthCallbackProps) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const callback = useOAuthCallback();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !code || !state || providerError) return;
    sent.current = true; // a code can be redeemed once; StrictMode mounts twice
    callback.mutate({ code, state }, { onSuccess: (me) => onSignedIn(me.returnTo) });
  }, [code, state, providerError, callback, onSignedIn]);

  const failed = providerError || !code || !state || callback.isError;
  useDocumentTitle(failed ? t('callback.failed') : t('callback.working'));
  return (
    <div className="card mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <h1 className="text-xl font-semibold">{failed ? t('callback.failed') : t('callback.working')}</h1>
      {!failed && <Spinner />}
      {callback.isError && <p role="alert">{errorText(callback.error)}</p>}
      {failed && (
        <Link to="/auth" className="btn-primary">
          {t('callback.retry')}
        </Link>
      )}
    </div>
  );
}
