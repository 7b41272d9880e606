import type { EchartsLoader } from '../../../lib/use-echart.ts';

/** The heat charts' ECharts build, fetched on first use: pages without a heat chart never load it. */
export const loadHeatEcharts: EchartsLoader = () => import('./heat-echarts.ts').then((module) => module.echarts);
