import type { EchartsLoader } from '../../../lib/use-echart.ts';

/** The comparison chart's ECharts build, fetched on first use. */
export const loadCompareEcharts: EchartsLoader = () => import('./compare-echarts.ts').then((module) => module.echarts);
