import { useTranslation } from 'react-i18next';
import { BriefView } from './brief-view.tsx';

/** The daily market brief (free for everyone), streamed into a card. */
export function MarketBriefCard() {
  const { t } = useTranslation('analysis');
  return (
    <section aria-labelledby="market-brief-title" className="card min-w-0 space-y-3 p-5" data-slot="market-brief">
      <header>
        <h2 id="market-brief-title" className="text-lg font-semibold">
          {t('brief.marketTitle')}
        </h2>
        <p className="muted text-sm">{t('brief.marketSubtitle')}</p>
      </header>
      <BriefView target={{ kind: 'market', id: null }} />
    </section>
  );
}
