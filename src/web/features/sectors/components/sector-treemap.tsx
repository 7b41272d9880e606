import type * as EchartsCore from 'echarts/core';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Sector } from '../../../../shared/api/sectors.schema.ts';
import { SampleNote } from '../../../components/metric-source.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatInteger, formatScore, formatUsd } from '../../../lib/format.ts';
import { useTheme } from '../../../lib/theme.ts';
import { type EchartsLoader, useEchart } from '../../../lib/use-echart.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { sectorDisplayName } from '../hooks/use-sector-names.ts';
import { PickedTile } from './picked-tile.tsx';
import { CARD_BACKGROUND, HEAT_SCALE, heatColour, LEGEND_GRADIENT, NO_HEAT_COLOUR } from './treemap-colours.ts';
import { fitLabel, type LabelFit, type TileRect } from './treemap-labels.ts';
import { type TreemapSize, treemapSizeOf } from './treemap-size.ts';
import { TreemapSizeSwitch } from './treemap-size-switch.tsx';

// ECharts is loaded only here, on demand, and only the pieces a treemap needs (tree-shaken core).
const loadTreemapEcharts: EchartsLoader = () => import('./treemap-echarts.ts').then((module) => module.echarts);

const LABEL_FONT = '600 12px system-ui, sans-serif';

type TreemapNode = { id: string; name: string; value: number; sector: Sector };

/** Pixel width of a label text in the tiles' font (one shared canvas). */
let measureContext: CanvasRenderingContext2D | null | undefined;
function measureText(text: string): number {
  if (measureContext === undefined) measureContext = document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * 8;
  measureContext.font = LABEL_FONT;
  return measureContext.measureText(text).width;
}

/** The laid-out rectangle of every tile, by sector id, after ECharts has drawn them. */
function readTileRects(chart: EchartsCore.ECharts): Map<string, TileRect> {
  const rects = new Map<string, TileRect>();
  // ECharts has no public call for a treemap's layout: its series data holds each node's laid-out rectangle.
  const model = (chart as unknown as { getModel(): { getSeriesByIndex(i: number): unknown } }).getModel();
  const series = model.getSeriesByIndex(0) as
    | { getData(): { count(): number; getRawDataItem(i: number): unknown; getItemLayout(i: number): unknown } }
    | undefined;
  const data = series?.getData();
  if (!data) return rects;
  for (let index = 0; index < data.count(); index++) {
    const item = data.getRawDataItem(index) as { id?: unknown } | undefined;
    const layout = data.getItemLayout(index) as TileRect | undefined;
    if (typeof item?.id === 'string' && layout) rects.set(item.id, { width: layout.width, height: layout.height });
  }
  return rects;
}

const isCoarsePointer = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;

/**
 * Sector heat map: tile area = the chosen size (project count, market cap or TVL; a sector without that figure gets no
 * tile and is named below), colour = heat on the absolute 0–100 scale, faded towards the background when low-confidence. A label is drawn
 * only when it fits whole; every tile names itself in its tooltip on hover, and a tap on a phone picks it (its full
 * name, figures and a link to open it under the map) instead of leaving the page.
 */
export function SectorTreemap({
  sectors,
  size,
  onSizeChange,
}: {
  sectors: readonly Sector[];
  size: TreemapSize;
  onSizeChange: (size: TreemapSize) => void;
}) {
  const { t, i18n } = useTranslation('sectors');
  const { effective } = useTheme();
  const navigate = useNavigate();
  const [fits, setFits] = useState<ReadonlyMap<string, LabelFit>>(new Map());
  // On a phone a tap picks a tile (named in full below the map, with a link) instead of leaving the page at once.
  const [picked, setPicked] = useState<string | null>(null);
  const name = useCallback((sector: Sector) => sectorDisplayName(sector, i18n.language), [i18n.language]);
  const heatText = useCallback((heat: number | null) => (heat === null ? t('map.noHeat') : formatScore(heat)), [t]);

  const { nodes, missing, hasUnscored, hasLowConfidence } = useMemo(() => {
    const withValue: TreemapNode[] = [];
    const without: Sector[] = [];
    for (const sector of sectors) {
      const value = treemapSizeOf(sector, size);
      if (value === null) {
        if (size !== 'projects' || sector.projectCount > 0) without.push(sector);
      } else withValue.push({ id: sector.id, name: '', value, sector });
    }
    return {
      nodes: withValue,
      missing: without,
      hasUnscored: withValue.some((node) => node.sector.heatScore === null),
      hasLowConfidence: withValue.some((node) => node.sector.lowConfidence),
    };
  }, [sectors, size]);

  const option = useMemo(() => {
    const sizeText = (sector: Sector) =>
      [
        `${t('map.tooltipProjects')}: ${formatInteger(sector.projectCount)}`,
        `${t('map.tooltipMarketCap')}: ${sector.totalMarketCap === null ? t('map.noData') : formatUsd(sector.totalMarketCap)}`,
        `${t('map.tooltipTvl')}: ${sector.totalTvl === null ? t('map.noData') : formatUsd(sector.totalTvl)}`,
      ].join('<br/>');
    const tooltipOf = (sector: Sector) => {
      const confidence = sector.lowConfidence
        ? `<br/>${escapeHtml(t('confidence.low', { count: sector.scoredCount }))}`
        : '';
      return `<strong>${escapeHtml(name(sector))}</strong><br/>${t('map.tooltipHeat')}: ${heatText(sector.heatScore)}${confidence}<br/>${sizeText(sector)}`;
    };
    return {
      tooltip: {
        confine: true,
        triggerOn: 'mousemove|click',
        formatter: (info: { data?: TreemapNode }) => (info.data ? tooltipOf(info.data.sector) : ''),
      },
      series: [
        {
          type: 'treemap',
          roam: false,
          nodeClick: false,
          breadcrumb: { show: false },
          width: '100%',
          height: '100%',
          top: 0,
          left: 0,
          label: {
            show: true,
            overflow: 'none',
            fontWeight: 600,
            fontSize: 12,
            lineHeight: 16,
            formatter: (info: { data?: TreemapNode }) => {
              const sector = info.data?.sector;
              if (!sector) return '';
              const fit = fits.get(sector.id) ?? 'none';
              if (fit === 'none') return '';
              return fit === 'full' ? `${name(sector)}\n${heatText(sector.heatScore)}` : name(sector);
            },
          },
          itemStyle: { borderColor: CARD_BACKGROUND[effective], borderWidth: 2, gapWidth: 2 },
          data: nodes.map((node) => {
            const sector = node.sector;
            const colour =
              sector.heatScore === null
                ? { fill: NO_HEAT_COLOUR[effective], text: effective === 'dark' ? '#f3f4f6' : '#111827' }
                : heatColour(sector.heatScore, sector.lowConfidence ? { theme: effective } : undefined);
            return {
              ...node,
              name: name(sector),
              itemStyle: { color: colour.fill },
              label: { color: colour.text, show: (fits.get(sector.id) ?? 'none') !== 'none' },
            };
          }),
        },
      ],
    };
  }, [nodes, fits, effective, name, heatText, t]);

  // After each layout (first draw, resize) the labels are fitted to their tiles; a change redraws once.
  const handleRendered = useCallback(
    (chart: EchartsCore.ECharts) => {
      const rects = readTileRects(chart);
      const next = new Map<string, LabelFit>();
      for (const node of nodes) {
        const rect = rects.get(node.id);
        const lines = { name: name(node.sector), heat: heatText(node.sector.heatScore) };
        next.set(node.id, rect ? fitLabel(rect, lines, measureText) : 'none');
      }
      setFits((current) => (sameFits(current, next) ? current : next));
    },
    [nodes, name, heatText],
  );

  const { ref, ready } = useEchart(
    loadTreemapEcharts,
    option,
    (data) => {
      const id = (data as TreemapNode | undefined)?.id;
      if (!id) return;
      if (isCoarsePointer()) setPicked(id);
      else void navigate(`/sectors/${encodeURIComponent(id)}`);
    },
    handleRendered,
  );

  const pickedNode = nodes.find((node) => node.id === picked);
  const summary = nodes.map((node) => `${name(node.sector)} ${heatText(node.sector.heatScore)}`).join(', ');

  return (
    <figure
      className="card p-4"
      data-testid="sector-treemap"
      data-size={size}
      data-tiles={nodes.map((node) => node.id).join(' ')}
      // The tiles whose label is drawn (whole): the canvas holds no text a test could read.
      data-labelled={[...fits].flatMap(([id, fit]) => (fit === 'none' ? [] : [id])).join(' ')}
    >
      <figcaption className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{t('map.title')}</h2>
          <p className="muted text-sm">{t(`map.description.${size}`)}</p>
        </div>
        <TreemapSizeSwitch value={size} onChange={onSizeChange} />
      </figcaption>
      {nodes.length === 0 ? (
        <p className="muted rounded-lg border border-dashed border-gray-300 p-6 text-sm dark:border-gray-700">
          {t(`map.none.${size}`)}
        </p>
      ) : (
        <div className="relative h-80 sm:h-96">
          {!ready && <Skeleton className="absolute inset-0 h-full w-full" />}
          <div ref={ref} role="img" aria-label={`${t('map.title')}: ${summary}`} className="h-full w-full" />
        </div>
      )}
      {pickedNode && <PickedTile sector={pickedNode.sector} name={name(pickedNode.sector)} />}
      {size !== 'projects' && nodes.length > 0 && (
        <SampleNote
          className="mt-2"
          sources={nodes.map((node) => (size === 'marketCap' ? node.sector.marketSource : node.sector.tvlSource))}
        />
      )}
      {missing.length > 0 && nodes.length > 0 && (
        <p className="muted mt-2 text-xs" data-testid="treemap-missing">
          {t(`map.missing.${size}`, { count: missing.length, names: missing.map(name).join(t('map.listSeparator')) })}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs" data-slot="treemap-legend">
        <span className="font-medium">{t('map.legend')}</span>
        <span className="inline-flex items-center gap-2">
          <span className="tabular-nums">{HEAT_SCALE.min}</span>
          <span
            aria-hidden="true"
            className="h-3 w-40 rounded-sm sm:w-56"
            style={{ backgroundImage: LEGEND_GRADIENT }}
          />
          <span className="tabular-nums">{HEAT_SCALE.max}</span>
          <span className="sr-only">{t('map.legendRange', { min: HEAT_SCALE.min, max: HEAT_SCALE.max })}</span>
        </span>
        {hasLowConfidence && (
          <span className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-3 rounded-sm"
              style={{ backgroundColor: heatColour(60, { theme: effective }).fill }}
            />
            {t('map.lowConfidenceLegend')}
          </span>
        )}
        {hasUnscored && (
          <span className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-3 rounded-sm"
              style={{ backgroundColor: NO_HEAT_COLOUR[effective] }}
            />
            {t('map.noHeat')}
          </span>
        )}
      </div>
    </figure>
  );
}

function sameFits(a: ReadonlyMap<string, LabelFit>, b: ReadonlyMap<string, LabelFit>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
