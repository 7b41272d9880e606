import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useErrorText } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

type Props = {
  token: string;
  action: UseMutationResult<unknown, Error, string>;
  title: string;
  working: string;
  done: string;
  onDone: () => void;
};

/** Follows an e-mailed one-time link (verify, unlock) once on arrival, then offers the way back to sign-in. */
export function EmailLinkAction({ token, action, title, working, done, onDone }: Props) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const started = useRef(false);
  useDocumentTitle(title);
  useEffect(() => {
    if (started.current) return; // StrictMode mounts twice; a link works once
    started.current = true;
    action.mutate(token);
  }, [token, action]);

  return (
    <div className="card mx-auto flex w-full max-w-md flex-col gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      {action.isPending && <p role="status">{working}</p>}
      {action.isSuccess && <p role="status">{done}</p>}
      {action.isError && <p role="alert">{errorText(action.error)}</p>}
      <button type="button" className="btn-secondary" onClick={onDone}>
        {t('form.backToSignIn')}
      </button>
    </div>
  );
}
