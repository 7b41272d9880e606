import { useTranslation } from '../../../lib/use-translation.ts';
import { type AiModel, hasModel } from '../model-wording.ts';
import { BriefView } from './brief-view.tsx';

/**
 * The daily market brief (free for everyone), streamed into a card. On the home pages its citations lead to
 * /analytics (`anchorPage`), where the movers, rotation and anomalies they cite are.
 */
export function MarketBriefCard({ anchorPage, aiModel }: { anchorPage?: string; aiModel?: AiModel }) {
  const { t } = useTranslation('analysis');
  return (
    <section aria-labelledby="market-brief-title" className="card min-w-0 space-y-3 p-5" data-slot="market-brief">
      <header>
        <h2 id="market-brief-title" className="text-lg font-semibold">
          {t('brief.marketTitle')}
        </h2>
        <p className="muted text-sm" data-slot="market-brief-subtitle">
          {hasModel(aiModel)
            ? t('brief.marketSubtitleModel', { model: aiModel })
            : aiModel === null
              ? t('brief.marketSubtitleNoModel')
              : t('brief.marketSubtitle')}
        </p>
      </header>
      <BriefView target={{ kind: 'market', id: null }} anchorPage={anchorPage} />
    </section>
  );
}
