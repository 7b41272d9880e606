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

// Heat 0 → pale yellow, 100 → deep red: the same reading as the score pills. Stops are evenly spaced over [0, 100].
const HEAT_COLOURS: readonly [number, number, number][] = [
  [254, 243, 199],
  [253, 186, 116],
  [249, 115, 22],
  [220, 38, 38],
  [127, 29, 29],
];

export function heatColour(heat: number): string {
  const position = (Math.min(100, Math.max(0, heat)) / 100) * (HEAT_COLOURS.length - 1);
  const index = Math.min(HEAT_COLOURS.length - 2, Math.floor(position));
  const from = HEAT_COLOURS[index] ?? HEAT_COLOURS[0]!;
  const to = HEAT_COLOURS[index + 1] ?? from;
  const mix = position - index;
  const channel = (i: 0 | 1 | 2) => Math.round(from[i] + (to[i] - from[i]) * mix);
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}

type TreemapNode = { name: string; value: number; heat: number; id: string };

/** Sector heat map: tile area = project count, colour = heat score. Click a tile to open the sector. */
export function SectorTreemap({ sectors }: { sectors: readonly Sector[] }) {
  const { t, i18n } = useTranslation('sectors');
  const { effective } = useTheme();
  const navigate = useNavigate();

  const option = useMemo(() => {
    const data: TreemapNode[] = sectors
      // A sector without a scored member has no heat to colour by (issue 12): it gets no tile.
      .filter((sector) => sector.projectCount > 0 && sector.heatScore !== null)
      .map((sector) => ({
        id: sector.id,
        name: sectorDisplayName(sector, i18n.language),
        value: sector.projectCount,
        heat: sector.heatScore as number,
      }));
    return {
      tooltip: {
        formatter: (info: { data?: TreemapNode }) =>
          info.data
            ? `<strong>${escapeHtml(info.data.name)}</strong><br/>${t('map.tooltipHeat')}: ${formatScore(info.data.heat)}<br/>${t('map.tooltipProjects')}: ${info.data.value}`
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
              info.data ? `${info.data.name}\n${formatScore(info.data.heat)}` : '',
            fontWeight: 600,
          },
          itemStyle: { borderColor: effective === 'dark' ? '#030712' : '#ffffff', borderWidth: 2, gapWidth: 2 },
          data: data.map((node) => ({
            ...node,
            itemStyle: { color: heatColour(node.heat) },
            label: { color: node.heat >= 60 ? '#ffffff' : '#111827' },
          })),
        },
      ],
    };
  }, [sectors, effective, i18n.language, t]);
  const { ref, ready } = useEchart(loadTreemapEcharts, option, (data) => {
    const id = (data as TreemapNode | undefined)?.id;
    if (id) void navigate(`/sectors/${encodeURIComponent(id)}`);
  });

  const summary = sectors
    .map((sector) => `${sectorDisplayName(sector, i18n.language)} ${formatScore(sector.heatScore)}`)
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
    </figure>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
