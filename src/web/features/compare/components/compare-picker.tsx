import { useState } from 'react';
import { COMPARE_MAX } from '../../../../shared/api/compare.values.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useProjectPicker } from '../api.ts';

type Props = { selected: readonly string[]; onAdd: (id: string) => void };

/** A name box and its top matches from the directory's name filter; a match is added with one click. */
export function ComparePicker({ selected, onAdd }: Props) {
  const { t } = useTranslation('compare');
  const [q, setQ] = useState('');
  const matches = useProjectPicker(q.trim());
  const full = selected.length >= COMPARE_MAX;
  const items = (matches.data?.items ?? []).filter((p) => !selected.includes(p.id));

  return (
    <div className="card p-4" data-slot="compare-picker">
      <label className="block text-sm font-medium" htmlFor="compare-picker">
        {t('picker.label')}
      </label>
      <input
        id="compare-picker"
        type="search"
        className="input mt-1 w-full max-w-sm"
        placeholder={t('picker.placeholder')}
        value={q}
        maxLength={100}
        disabled={full}
        onChange={(event) => setQ(event.target.value)}
      />
      {full && <p className="muted mt-1 text-xs">{t('picker.full')}</p>}
      {!full && q.trim() !== '' && matches.data && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {items.length === 0 && <li className="muted text-sm">{t('picker.none')}</li>}
          {items.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="btn-secondary px-2 py-1 text-sm"
                aria-label={t('picker.add', { name: p.name })}
                onClick={() => {
                  onAdd(p.id);
                  setQ('');
                }}
              >
                + {p.name}
                {p.symbol && <span className="muted ml-1">{p.symbol}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
