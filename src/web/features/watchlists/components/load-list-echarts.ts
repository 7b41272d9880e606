import type { EchartsLoader } from '../../../lib/use-echart.ts';

/** The list heat chart's ECharts build, fetched on first use. */
export const loadListEcharts: EchartsLoader = () => import('./list-echarts.ts').then((module) => module.echarts);
