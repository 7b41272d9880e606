import { useCallback, useMemo } from 'react';
import type { Sector } from '../../../../shared/api/sectors.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSectors } from '../api.ts';

/** A sector's name in the UI language (nameZh in zh when present). */
export function sectorDisplayName(sector: Pick<Sector, 'name' | 'nameZh'>, language: string): string {
  return language === 'zh' && sector.nameZh ? sector.nameZh : sector.name;
}

/** Maps a project's category (the sector's stored name) to its display name; unknown names pass through. */
export function useSectorLabel(): (category: string) => string {
  const { i18n } = useTranslation();
  const { data } = useSectors();
  const byName = useMemo(() => new Map((data?.items ?? []).map((s) => [s.name, s])), [data]);
  return useCallback(
    (category: string) => {
      const sector = byName.get(category);
      return sector ? sectorDisplayName(sector, i18n.language) : category;
    },
    [byName, i18n.language],
  );
}
