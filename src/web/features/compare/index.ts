// The comparison and trend analysis (premium): composed with the membership lock in app/routes.

export { useCompare } from './api.ts';
export { compareHref, parseCompareIds } from './compare-ids.ts';
export { CompareBreakdowns } from './components/compare-breakdowns.tsx';
export { CompareHistoryChart } from './components/compare-history-chart.tsx';
export { CompareMetricsTable } from './components/compare-metrics-table.tsx';
export { ComparePicker } from './components/compare-picker.tsx';
export { ProjectTrend } from './components/project-trend.tsx';
export { SectorTrend } from './components/sector-trend.tsx';
