// The ECharts build this page needs: core + treemap + tooltip + canvas. Imported only via dynamic import().
import { TreemapChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([TreemapChart, TooltipComponent, CanvasRenderer]);

export { echarts };
