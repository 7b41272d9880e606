import { lazy, Suspense } from 'react';
import { useSite } from '../features/site/api.ts';
import { loadChunk } from '../lib/load-chunk.ts';

// Below the home pages' first screen: the brief and anomalies load after the page is up, keeping the AI analysis
// views (shared with the project and sector pages) off the first load.
const MarketHighlights = lazy(async () => ({
  default: (await loadChunk(() => import('../features/analysis/index.ts'))).MarketHighlights,
}));

/** The home pages' brief and anomalies row, told whether this instance has an AI model (GET /api/site). */
export function MarketHighlightsSlot() {
  const aiModel = useSite().data?.aiModel;
  return (
    <Suspense fallback={<div className="min-h-48" aria-hidden="true" />}>
      <MarketHighlights aiModel={aiModel} />
    </Suspense>
  );
}
