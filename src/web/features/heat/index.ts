// The heat engine's web pieces, placed by app/routes (project page, sector page, sync popover).
export {
  heatKeys,
  projectHeatQueryOptions,
  projectHistoryQueryOptions,
  sectorHistoryQueryOptions,
  syncStatusQueryOptions,
  useProjectHeat,
  useProjectHistory,
  useSectorHistory,
  useSyncStatus,
} from './api.ts';
export { HeatBreakdownChart } from './components/heat-breakdown-chart.tsx';
export { HeatComponentTable } from './components/heat-component-table.tsx';
export { HeatHistoryChart } from './components/heat-history-chart.tsx';
export { HeatMoves } from './components/heat-moves.tsx';
export { ProjectHeatHistory, ProjectHeatPanel } from './components/project-heat-panel.tsx';
export { SectorHeatHistory } from './components/sector-heat-history.tsx';
