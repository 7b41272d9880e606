import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The card every auth form sits in: a heading, then the form (labelled by the heading) and what follows it. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="card mx-auto flex w-full max-w-md flex-col gap-5 p-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

/** The form-level messages: a token error, a server error (role=alert) and a notice (role=status). */
export function FormMessages({ tokenError, error, notice }: { tokenError?: string; error?: string; notice?: string }) {
  return (
    <>
      {tokenError && <p className="text-sm text-red-600 dark:text-red-400">{tokenError}</p>}
      {error && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300"
        >
          {error}
        </p>
      )}
      {notice && (
        <p
          role="status"
          className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800 dark:bg-green-950 dark:text-green-300"
        >
          {notice}
        </p>
      )}
    </>
  );
}

export function SubmitButton({ label, pending }: { label: string; pending: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <button type="submit" className="btn-primary w-full" disabled={pending}>
      {pending ? t('form.submitting') : label}
    </button>
  );
}

/** A link-styled button that switches the auth page to another mode. */
export function ModeLink({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="link" onClick={onClick}>
      {label}
    </button>
  );
}
