import { useEffect } from 'react';
import { useTranslation } from './use-translation.ts';

/**
 * Sets the tab title to "<page> · HeatRank" (translated brand), so each page is titled for tabs and screen readers.
 * Pass a translated title: a language switch re-renders the caller, and the effect follows it. `enabled: false` leaves
 * the title to a child (a scaffold whose loaded content titles itself: parents' effects run after children's).
 */
export function useDocumentTitle(title: string | undefined, { enabled = true }: { enabled?: boolean } = {}): void {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  useEffect(() => {
    if (!enabled) return;
    document.title = title ? `${title} · ${t('brand', { lng: language })}` : t('brand', { lng: language });
  }, [title, t, language, enabled]);
}
