// The comparison's ECharts build: core + line + tooltip, grid, legend + canvas. Imported only through dynamic import()
// (load-compare-echarts.ts), so pages without this chart never load it.
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
