import type { ReactNode } from 'react';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { useErrorText } from '../../../../lib/errors.ts';
import { useTranslation } from '../../../../lib/use-translation.ts';

/** What a widget says in words when it has nothing to show, and what will fill it. */
export function WidgetEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="muted text-sm" data-widget-empty>
      {children}
    </p>
  );
}

export function WidgetLoading() {
  return <Skeleton className="h-24 w-full" />;
}

/** A widget's read failed: the reason in words (the rest of the dashboard keeps working). */
export function WidgetFailed({ error }: { error: unknown }) {
  const { t } = useTranslation('dashboard');
  const errorText = useErrorText();
  return (
    <div role="alert" className="text-sm text-red-800 dark:text-red-200">
      <p className="font-semibold">{t('state.loadFailed')}</p>
      <p>{errorText(error)}</p>
    </div>
  );
}
