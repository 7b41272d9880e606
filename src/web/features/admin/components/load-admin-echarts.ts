import type { EchartsLoader } from '../../../lib/use-echart.ts';

/** The admin charts' ECharts build, fetched on first use. */
export const loadAdminEcharts: EchartsLoader = () => import('./admin-echarts.ts').then((module) => module.echarts);
