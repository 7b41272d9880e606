import { MarketHighlights } from '../features/analysis/index.ts';
import { useSite } from '../features/site/api.ts';

/** The home pages' brief and anomalies row, told whether this instance has an AI model (GET /api/site). */
export function MarketHighlightsSlot() {
  return <MarketHighlights aiModel={useSite().data?.aiModel} />;
}
