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
 * The option a chart is drawn with: a transparent background (the card's shows through), and no entry animation for
 * a reader whose system asks for reduced motion (prefers-reduced-motion), drawn at once instead.
 */
export function drawnOption(option: EchartsOption, reducedMotion: boolean): EchartsOption {
  return { backgroundColor: 'transparent', ...option, ...(reducedMotion ? { animation: false } : {}) };
}

/**
 * Renders an ECharts option into the returned container, loading ECharts on first use. The chart follows the theme,
 * resizes with its container and is disposed on unmount. `ready` turns true once drawn (show a skeleton until then).
 * `onClick` receives the clicked item's data; it is read at click time, so a new function does not redraw the chart.
 * `onRendered` runs after each finished render (first draw, resize) with the chart, e.g. to read the laid-out tiles.
 * `renderer` 'svg' (its build must include SVGRenderer) leaves the axes and labels as text in the page, for a small
 * chart whose words a reader's tools and the browser tests should find.
 */
export function useEchart(
  load: EchartsLoader,
  option: EchartsOption | null,
  onClick?: (data: unknown) => void,
  onRendered?: (chart: EchartsCore.ECharts) => void,
  renderer: 'canvas' | 'svg' = 'canvas',
): { ref: RefObject<HTMLDivElement | null>; ready: boolean } {
  const ref = useRef<HTMLDivElement>(null);
  const { effective } = useTheme();
  const [ready, setReady] = useState(false);
  const onClickRef = useRef(onClick);
  onClickRef.current = onClick;
  const onRenderedRef = useRef(onRendered);
  onRenderedRef.current = onRendered;

  useEffect(() => {
    const container = ref.current;
    if (!container || !option) return;
    let disposed = false;
    let cleanup = () => {};
    void load().then((echarts) => {
      if (disposed) return;
      const chart = echarts.init(container, effective === 'dark' ? 'dark' : undefined, { renderer });
      chart.setOption(drawnOption(option, window.matchMedia('(prefers-reduced-motion: reduce)').matches));
      if (onClickRef.current) chart.on('click', (params) => onClickRef.current?.(params.data));
      chart.on('finished', () => onRenderedRef.current?.(chart));
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
  }, [load, option, effective, renderer]);

  return { ref, ready };
}
