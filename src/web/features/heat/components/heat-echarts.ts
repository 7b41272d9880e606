// The ECharts build the heat charts need: core + radar, bar, line + tooltip, grid, legend + canvas.
// Imported only through dynamic import() (load-heat-echarts.ts), so pages without a heat chart never load it.
import { BarChart, LineChart, RadarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  RadarChart,
  BarChart,
  LineChart,
  RadarComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { echarts };
