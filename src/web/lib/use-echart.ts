import type * as EchartsCore from 'echarts/core';
import { type RefCallback, useCallback, useEffect, useRef, useState } from 'react';
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

/** The option each chart was last drawn with. */
const drawnWith = new WeakMap<EchartsCore.ECharts, EchartsOption>();

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
): { ref: RefCallback<HTMLDivElement>; ready: boolean } {
  // The container as state: a caller may unmount it (no data) and mount a new one, which then gets a chart of its own.
  const [container, ref] = useState<HTMLDivElement | null>(null);
  const { effective } = useTheme();
  const [ready, setReady] = useState(false);
  const onClickRef = useRef(onClick);
  onClickRef.current = onClick;
  const onRenderedRef = useRef(onRendered);
  onRenderedRef.current = onRendered;

  // The chart is created once per container, theme and renderer, drawn with the option of that moment; a later option
  // (new data, the labels fitted to the drawn tiles) is drawn into the same chart. Creating it again for each option
  // drew the whole chart twice on a page's first load (the sector map: once bare, once labelled), entry animation too.
  const [chart, setChart] = useState<EchartsCore.ECharts | null>(null);
  const latestOption = useRef(option);
  latestOption.current = option;
  const draw = useCallback((target: EchartsCore.ECharts, next: EchartsOption) => {
    // notMerge: the option replaces the last one whole, as a new chart would have started from it.
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.setOption(drawnOption(next, reducedMotion), { notMerge: true });
    drawnWith.set(target, next);
    setReady(true);
  }, []);
  const wanted = option !== null;

  useEffect(() => {
    if (!container || !wanted) return;
    let disposed = false;
    let cleanup = () => {};
    void load().then((echarts) => {
      const first = latestOption.current;
      if (disposed || !first) return;
      const created = echarts.init(container, effective === 'dark' ? 'dark' : undefined, { renderer });
      draw(created, first);
      if (onClickRef.current) created.on('click', (params) => onClickRef.current?.(params.data));
      created.on('finished', () => onRenderedRef.current?.(created));
      const observer = new ResizeObserver(() => created.resize());
      observer.observe(container);
      setChart(created);
      cleanup = () => {
        observer.disconnect();
        created.dispose();
      };
    });
    return () => {
      disposed = true;
      cleanup();
      setChart(null);
    };
  }, [container, load, wanted, effective, renderer, draw]);

  useEffect(() => {
    if (chart && option && drawnWith.get(chart) !== option) draw(chart, option);
  }, [chart, option, draw]);

  return { ref, ready };
}
