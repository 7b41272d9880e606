import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SuggestResponse } from '../../../../shared/api/search.schema.ts';
import { SearchIcon } from '../../../components/ui/icons.tsx';

type Suggestion = SuggestResponse['items'][number];

type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  /** Runs the search (a counted one): only on submit, never per keystroke. */
  onSubmit: (value: string) => void;
  suggestions: readonly Suggestion[];
  /** Choosing a suggestion opens its project. */
  onPick: (item: Suggestion) => void;
  maxLength: number;
};

/**
 * The query box with suggestions as you type (an ARIA combobox): ↓/↑ move through them, Enter opens the highlighted
 * project (or runs the search when none is), Escape closes the list.
 */
export function SearchBox({ value, onChange, onSubmit, suggestions, onPick, maxLength }: SearchBoxProps) {
  const { t } = useTranslation('search');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && value.trim() !== '' && suggestions.length > 0;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const picked = shown && active >= 0 ? suggestions[active] : undefined;
    setOpen(false);
    if (picked) onPick(picked);
    else onSubmit(value.trim());
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        const next = current + step;
        return next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Escape' && shown) {
      // Closes the list only; a second Escape clears the box as a search input does.
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <search>
      <form onSubmit={handleSubmit} className="flex max-w-2xl gap-2">
        <label htmlFor={id} className="sr-only">
          {t('label')}
        </label>
        <div className="relative flex-1">
          <SearchIcon size={18} className="pointer-events-none absolute top-2.5 left-3 text-gray-500" />
          <input
            id={id}
            type="search"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={`${id}-suggestions`}
            aria-activedescendant={shown && active >= 0 ? `${id}-option-${active}` : undefined}
            className="input w-full py-2.5 pl-10"
            placeholder={t('placeholder')}
            value={value}
            maxLength={maxLength}
            onChange={(event) => {
              onChange(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={handleKeyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
          />
          <div
            id={`${id}-suggestions`}
            role="listbox"
            aria-label={t('suggestions')}
            hidden={!shown}
            className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg dark:border-gray-700 dark:bg-gray-900"
          >
            {suggestions.map((item, index) => (
              <div
                key={item.id}
                id={`${id}-option-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${
                  index === active ? 'bg-gray-100 dark:bg-gray-800' : ''
                }`}
                // mousedown, not click: the input's blur would close the list before a click lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  setOpen(false);
                  onPick(item);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="min-w-0 truncate">
                  <span className="font-medium">{item.name}</span>
                  {item.symbol && <span className="muted ml-2 text-xs">{item.symbol}</span>}
                </span>
                {item.heatScore !== null && (
                  <span className="muted shrink-0 text-xs tabular-nums">
                    {t('heat', { value: Math.round(item.heatScore) })}
                  </span>
                )}
              </div>
            ))}
          </div>
        </div>
        <button type="submit" className="btn-primary">
          {t('submit')}
        </button>
      </form>
    </search>
  );
}
