// The heat engine's web pieces, placed by app/routes (project page, sector page).
export {
  heatKeys,
  projectHeatQueryOptions,
  projectHistoryQueryOptions,
  sectorHistoryQueryOptions,
  useProjectHeat,
  useProjectHistory,
  useSectorHistory,
} from './api.ts';
export { HeatBreakdownChart } from './components/heat-breakdown-chart.tsx';
export { HeatComponentTable } from './components/heat-component-table.tsx';
export { ProjectHeatHistory, SectorHeatHistory } from './components/heat-history.tsx';
export { HeatHistoryChart } from './components/heat-history-chart.tsx';
export { HeatMoves } from './components/heat-moves.tsx';
export { ProjectHeatPanel } from './components/project-heat-panel.tsx';
