// The admin charts' ECharts build: core + bar and line + tooltip, grid, legend + canvas. Imported only through
// dynamic import() (load-admin-echarts.ts), so only an admin opening the accounts tab loads it.
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
