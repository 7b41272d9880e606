import type * as EchartsCore from 'echarts/core';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTheme } from './theme.ts';

type EchartsOption = Record<string, unknown>;

/**
 * Loads the caller's own tree-shaken ECharts build through dynamic import(), so each page pulls only the chart types
 * it draws (features/heat: radar, bar, line; features/sectors: treemap). Keep it a module-level constant: a new
 * function on every render would redraw the chart.
 */
export type EchartsLoader = () => Promise<typeof EchartsCore>;

/**
 * Renders an ECharts option into the returned container, loading ECharts on first use. The chart follows the theme,
 * resizes with its container and is disposed on unmount. `ready` turns true once drawn (show a skeleton until then).
 * `onClick` receives the clicked item's data; it is read at click time, so a new function does not redraw the chart.
 */
export function useEchart(
  load: EchartsLoader,
  option: EchartsOption | null,
  onClick?: (data: unknown) => void,
): { ref: RefObject<HTMLDivElement | null>; ready: boolean } {
  const ref = useRef<HTMLDivElement>(null);
  const { effective } = useTheme();
  const [ready, setReady] = useState(false);
  const onClickRef = useRef(onClick);
  onClickRef.current = onClick;

  useEffect(() => {
    const container = ref.current;
    if (!container || !option) return;
    let disposed = false;
    let cleanup = () => {};
    void load().then((echarts) => {
      if (disposed) return;
      const chart = echarts.init(container, effective === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
      chart.setOption({ backgroundColor: 'transparent', ...option });
      if (onClickRef.current) chart.on('click', (params) => onClickRef.current?.(params.data));
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
  }, [load, option, effective]);

  return { ref, ready };
}
