import { useState } from 'react';
import { Link } from 'react-router';
import { COMPARE_MAX, COMPARE_MIN } from '../../shared/api/compare.values.ts';
import { compareHref } from '../features/compare/index.ts';
import type { RowSelection } from '../features/projects/components/project-table.tsx';
import { useTranslation } from '../lib/use-translation.ts';

/** The directory's row checkboxes: up to five ticked projects, kept across pages, in the order they were ticked. */
export function useCompareSelection(): { selected: string[]; selection: RowSelection } {
  const { t } = useTranslation('compare');
  const [selected, setSelected] = useState<string[]>([]);
  return {
    selected,
    selection: {
      isSelected: (id) => selected.includes(id),
      canSelectMore: selected.length < COMPARE_MAX,
      onToggle: (id) =>
        setSelected((now) =>
          now.includes(id) ? now.filter((x) => x !== id) : now.length < COMPARE_MAX ? [...now, id] : now,
        ),
      label: (name) => t('select', { name }),
    },
  };
}

/**
 * "Compare selected (n)": a link once 2–5 rows are ticked, a hint before. Desktop only by default (the directory's
 * phone layout has no checkboxes); `everyWidth` for a table that keeps them on a phone (a watchlist's).
 */
export function CompareSelectedBar({
  selected,
  everyWidth = false,
}: {
  selected: readonly string[];
  everyWidth?: boolean;
}) {
  const { t } = useTranslation('compare');
  const ready = selected.length >= COMPARE_MIN;
  return (
    <div
      className={`${everyWidth ? 'flex flex-wrap' : 'hidden md:flex'} items-center justify-end gap-3 text-sm`}
      data-slot="compare-selected"
    >
      <span className="muted">{t('selectHint')}</span>
      {ready ? (
        <Link to={compareHref(selected)} className="btn-primary">
          {t('selected', { count: selected.length })}
        </Link>
      ) : (
        <span className="btn-secondary pointer-events-none opacity-50" aria-disabled="true">
          {t('selected', { count: selected.length })}
        </span>
      )}
    </div>
  );
}
