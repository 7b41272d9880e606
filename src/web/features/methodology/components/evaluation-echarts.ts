// The evaluation chart's ECharts build: a line with a shaded interval (markArea) on a time axis. Imported only through
// dynamic import(), so the methodology page loads it after its tables.
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, GridComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
