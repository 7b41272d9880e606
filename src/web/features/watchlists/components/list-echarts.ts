// The ECharts build of the list heat chart: core + line + grid and tooltip + SVG (axis labels stay text). Imported only through dynamic
// import() (load-list-echarts.ts), so the lists page loads it only when a list's chart is drawn.
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

export { echarts };
