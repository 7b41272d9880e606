import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { reportCrash } from '../../lib/crash-report.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { SupportContact } from './support-contact.tsx';

/** The router's error screen: shown when a route throws while loading or rendering (inside the shell, or alone). */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation('app');
  const error = useRouteError();
  useDocumentTitle(t('routeError.title'));
  // A thrown error (render or loading) is reported; a route's own error response (404…) is not a crash.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportCrash(error, 'route');
  }, [error]);
  const Wrapper = standalone ? 'main' : 'section';
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Wrapper
      {...(standalone ? { id: 'main' } : {})}
      className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-start justify-center gap-4 px-6 py-16"
    >
      <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
      <p className="muted">
        {t('routeError.text')} {t('errorHelp.tryAgain')}
      </p>
      <details className="w-full text-sm">
        <summary className="cursor-pointer">{t('routeError.details')}</summary>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-gray-100 p-3 dark:bg-gray-900">{detail}</pre>
      </details>
      <div className="flex gap-3">
        <Link to="/" className="btn-primary">
          {t('routeError.home')}
        </Link>
        <button type="button" className="btn-secondary" onClick={() => window.location.reload()}>
          {t('crash.refresh')}
        </button>
      </div>
      <SupportContact />
    </Wrapper>
  );
}
