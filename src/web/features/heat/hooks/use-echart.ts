import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTheme } from '../../../lib/theme.ts';

type EchartsOption = Record<string, unknown>;

const loadEcharts = () => import('../components/heat-echarts.ts').then((module) => module.echarts);

/**
 * Renders an ECharts option into the returned container, loading ECharts on first use. The chart follows the theme,
 * resizes with its container and is disposed on unmount. `ready` turns true once drawn (show a skeleton until then).
 */
export function useEchart(option: EchartsOption | null): { ref: RefObject<HTMLDivElement | null>; ready: boolean } {
  const ref = useRef<HTMLDivElement>(null);
  const { effective } = useTheme();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const container = ref.current;
    if (!container || !option) return;
    let disposed = false;
    let cleanup = () => {};
    void loadEcharts().then((echarts) => {
      if (disposed) return;
      const chart = echarts.init(container, effective === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
      chart.setOption({ backgroundColor: 'transparent', ...option });
      const observer = new ResizeObserver(() => chart.resize());
      observer.observe(container);
      setReady(true);
      cleanup = () => {
        observer.disconnect();
        chart.dispose();
      };
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [option, effective]);

  return { ref, ready };
}
