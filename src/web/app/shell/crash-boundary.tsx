import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportCrash } from '../../lib/crash-report.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { SupportContact } from './support-contact.tsx';

type CrashBoundaryProps = { children: ReactNode };
type CrashBoundaryState = { error: Error | null };

/** Last-resort boundary around the whole app: the spec's crash fallback (服务暂时不可用 + refresh). */
export class CrashBoundary extends Component<CrashBoundaryProps, CrashBoundaryState> {
  override state: CrashBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): CrashBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The spec's exception event: to the server, listed in the admin's "client errors" tab (and the console).
    reportCrash(error, 'app', info.componentStack);
  }

  override render() {
    return this.state.error ? <CrashFallback /> : this.props.children;
  }
}

export function CrashFallback() {
  const { t } = useTranslation('app');
  useDocumentTitle(t('crash.title'));
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold">{t('crash.title')}</h1>
      <p className="muted max-w-md">{t('crash.text')}</p>
      <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
        {t('crash.refresh')}
      </button>
      <SupportContact />
    </main>
  );
}
