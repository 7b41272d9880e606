// AI analysis: the project and sector panels, the market brief and anomalies, the /analytics view.
// Composed with the membership lock and the sector names in src/web/app.
export { analysisKeys } from './api.ts';
export { MarketAnalysisView } from './components/market-analysis-view.tsx';
export { MarketHighlights } from './components/market-highlights.tsx';
export { ProjectAnalysisPanel } from './components/project-analysis-panel.tsx';
export { SectorAnalysisPanel } from './components/sector-analysis-panel.tsx';
