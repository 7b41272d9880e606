import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { reportCrash } from '../../lib/crash-report.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { SupportContact } from './support-contact.tsx';

type RouteErrorBoundaryProps = { children: ReactNode; standalone?: boolean };
type RouteErrorBoundaryState = { error: unknown; failed: boolean };

/**
 * The routes' error boundary: a page that throws while loading its chunk or rendering shows RouteError (inside the
 * shell, or alone when the shell itself failed) and is reported once. Keyed by path where it is used, so moving to
 * another page starts without the error.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): RouteErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportCrash(error, 'route', info.componentStack);
  }

  override render() {
    return this.state.failed ? (
      <RouteError error={this.state.error} standalone={this.props.standalone} />
    ) : (
      this.props.children
    );
  }
}

/** The error screen of a route that failed to load or render. */
export function RouteError({ error, standalone = false }: { error: unknown; standalone?: boolean | undefined }) {
  const { t } = useTranslation('app');
  useDocumentTitle(t('routeError.title'));
  const Wrapper = standalone ? 'main' : 'section';
  const detail = error instanceof Error ? error.message : String(error);
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
