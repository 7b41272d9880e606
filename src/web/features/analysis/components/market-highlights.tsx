import type { AiModel } from '../model-wording.ts';
import { MarketBriefCard } from './market-brief-card.tsx';
import { TopAnomalies } from './top-anomalies.tsx';

/** The home pages' analysis row: the daily market brief beside the top anomalies. */
export function MarketHighlights({ aiModel }: { aiModel?: AiModel }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-slot="market-highlights">
      <MarketBriefCard anchorPage="/analytics" aiModel={aiModel} />
      <TopAnomalies />
    </div>
  );
}
