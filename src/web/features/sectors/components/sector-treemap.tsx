import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Sector } from '../../../../shared/api/sectors.schema.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatScore } from '../../../lib/format.ts';
import { useTheme } from '../../../lib/theme.ts';
import { type EchartsLoader, useEchart } from '../../../lib/use-echart.ts';
import { sectorDisplayName } from '../hooks/use-sector-names.ts';

// ECharts is loaded only here, on demand, and only the pieces a treemap needs (tree-shaken core).
const loadTreemapEcharts: EchartsLoader = () => import('./treemap-echarts.ts').then((module) => module.echarts);

// Sequential heat palette, pale yellow (coolest) → deep red (hottest), readable on white and on the dark card alike.
const HEAT_COLOURS: readonly [number, number, number][] = [
  [254, 240, 138],
  [253, 186, 116],
  [249, 115, 22],
  [220, 38, 38],
  [127, 29, 29],
];
// Tiles of a sector without a heat score (no scored member yet).
const NO_HEAT_COLOUR = { light: '#e5e7eb', dark: '#374151' } as const;
// The gaps between tiles are the card's own background (white / gray-900), never black.
const CARD_BACKGROUND = { light: '#ffffff', dark: '#101828' } as const;
// Colours spread over the heat range actually present, at least this many points wide, so one colour never stands
// for every sector and a 2-point spread does not look like 0 → 100.
const MIN_SPAN = 10;

/** The legend's range: the observed min..max heat, widened symmetrically to at least MIN_SPAN, clamped to [0, 100]. */
export function heatScale(heats: readonly number[]): { min: number; max: number } {
  if (heats.length === 0) return { min: 0, max: 100 };
  let min = Math.floor(Math.min(...heats));
  let max = Math.ceil(Math.max(...heats));
  if (max - min < MIN_SPAN) {
    const pad = (MIN_SPAN - (max - min)) / 2;
    min = Math.floor(min - pad);
    max = Math.ceil(max + pad);
  }
  const low = Math.max(0, Math.min(min, 100 - MIN_SPAN));
  return { min: low, max: Math.min(100, Math.max(max, low + MIN_SPAN)) };
}

function mix(position: number): [number, number, number] {
  const scaled = Math.min(1, Math.max(0, position)) * (HEAT_COLOURS.length - 1);
  const index = Math.min(HEAT_COLOURS.length - 2, Math.floor(scaled));
  const from = HEAT_COLOURS[index] ?? HEAT_COLOURS[0]!;
  const to = HEAT_COLOURS[index + 1] ?? from;
  const share = scaled - index;
  return [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * share)) as [number, number, number];
}

/** Colour of a heat score on the scale; dark text on the pale end, white on the deep end. */
export function heatColour(heat: number, scale: { min: number; max: number }): { fill: string; text: string } {
  const [r, g, b] = mix((heat - scale.min) / (scale.max - scale.min));
  const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  return { fill: `rgb(${r}, ${g}, ${b})`, text: luminance > 0.5 ? '#111827' : '#ffffff' };
}

const LEGEND_GRADIENT = `linear-gradient(to right, ${HEAT_COLOURS.map(([r, g, b]) => `rgb(${r}, ${g}, ${b})`).join(', ')})`;

type TreemapNode = { name: string; value: number; heat: number | null; id: string };

/** Sector heat map: tile area = project count, colour = heat score on the legend's scale. Click a tile to open it. */
export function SectorTreemap({ sectors }: { sectors: readonly Sector[] }) {
  const { t, i18n } = useTranslation('sectors');
  const { effective } = useTheme();
  const navigate = useNavigate();
  // Memoised on the sectors, so the chart is redrawn only when they (or the theme, language) change.
  const { shown, scale, hasUnscored } = useMemo(() => {
    const withProjects = sectors.filter((sector) => sector.projectCount > 0);
    const heats = withProjects.map((sector) => sector.heatScore).filter((heat): heat is number => heat !== null);
    return { shown: withProjects, scale: heatScale(heats), hasUnscored: heats.length < withProjects.length };
  }, [sectors]);

  const option = useMemo(() => {
    const heatText = (heat: number | null) => (heat === null ? t('map.noHeat') : formatScore(heat));
    const data: TreemapNode[] = shown.map((sector) => ({
      id: sector.id,
      name: sectorDisplayName(sector, i18n.language),
      value: sector.projectCount,
      heat: sector.heatScore,
    }));
    return {
      tooltip: {
        formatter: (info: { data?: TreemapNode }) =>
          info.data
            ? `<strong>${escapeHtml(info.data.name)}</strong><br/>${t('map.tooltipHeat')}: ${heatText(info.data.heat)}<br/>${t('map.tooltipProjects')}: ${info.data.value}`
            : '',
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
            formatter: (info: { data?: TreemapNode }) =>
              info.data ? `${info.data.name}\n${heatText(info.data.heat)}` : '',
            fontWeight: 600,
          },
          itemStyle: { borderColor: CARD_BACKGROUND[effective], borderWidth: 2, gapWidth: 2 },
          data: data.map((node) => {
            const colour =
              node.heat === null
                ? { fill: NO_HEAT_COLOUR[effective], text: effective === 'dark' ? '#f3f4f6' : '#111827' }
                : heatColour(node.heat, scale);
            return { ...node, itemStyle: { color: colour.fill }, label: { color: colour.text } };
          }),
        },
      ],
    };
  }, [shown, scale, effective, i18n.language, t]);
  const { ref, ready } = useEchart(loadTreemapEcharts, option, (data) => {
    const id = (data as TreemapNode | undefined)?.id;
    if (id) void navigate(`/sectors/${encodeURIComponent(id)}`);
  });

  const summary = sectors
    .map((sector) => {
      const heat = sector.heatScore;
      return `${sectorDisplayName(sector, i18n.language)} ${heat === null ? t('map.noHeat') : formatScore(heat)}`;
    })
    .join(', ');

  return (
    <figure className="card p-4">
      <figcaption className="mb-3">
        <h2 className="text-lg font-semibold">{t('map.title')}</h2>
        <p className="muted text-sm">{t('map.description')}</p>
      </figcaption>
      <div className="relative h-80 sm:h-96">
        {!ready && <Skeleton className="absolute inset-0 h-full w-full" />}
        <div ref={ref} role="img" aria-label={`${t('map.title')}: ${summary}`} className="h-full w-full" />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs" data-slot="treemap-legend">
        <span className="font-medium">{t('map.legend')}</span>
        <span className="inline-flex items-center gap-2">
          <span className="tabular-nums">{formatScore(scale.min)}</span>
          <span
            aria-hidden="true"
            className="h-3 w-40 rounded-sm sm:w-56"
            style={{ backgroundImage: LEGEND_GRADIENT }}
          />
          <span className="tabular-nums">{formatScore(scale.max)}</span>
          <span className="sr-only">
            {t('map.legendRange', { min: formatScore(scale.min), max: formatScore(scale.max) })}
          </span>
        </span>
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
