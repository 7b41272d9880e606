import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import type { SuggestResponse } from '../../../../shared/api/search.schema.ts';
import { SearchIcon } from '../../../components/ui/icons.tsx';

type Suggestion = SuggestResponse['items'][number];

/** What the box says: given by its page, so the header (on every page) needs no search texts loaded. */
export type SearchBoxTexts = {
  label: string;
  placeholder: string;
  submit: string;
  suggestions: string;
  heat: (value: number) => string;
};

type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  /** Runs the search (a counted one): only on submit, never per keystroke. */
  onSubmit: (value: string) => void;
  suggestions: readonly Suggestion[];
  /** Choosing a suggestion opens its project. */
  onPick: (item: Suggestion) => void;
  maxLength: number;
  texts: SearchBoxTexts;
  /** 'compact': the header's box (its button is for screen readers only: Enter searches); 'wide': the pages'. */
  size?: 'compact' | 'wide';
  /** Classes of the form (default: at most 2xl wide). */
  className?: string;
  /** Focus the input on mount: for a box the user has just opened (the header's search panel). */
  autoFocus?: boolean;
};

/**
 * The query box with suggestions as you type (an ARIA combobox): ↓/↑ move through them, Enter opens the highlighted
 * project (or runs the search when none is), Escape closes the list.
 */
export function SearchBox({
  value,
  onChange,
  onSubmit,
  suggestions,
  onPick,
  maxLength,
  texts,
  size = 'wide',
  className = 'max-w-2xl',
  autoFocus = false,
}: SearchBoxProps) {
  const compact = size === 'compact';
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
      <form onSubmit={handleSubmit} className={`flex gap-2 ${className}`}>
        <label htmlFor={id} className="sr-only">
          {texts.label}
        </label>
        <div className="relative min-w-0 flex-1">
          <SearchIcon
            size={compact ? 16 : 18}
            className={`pointer-events-none absolute left-3 text-gray-500 ${compact ? 'top-2' : 'top-2.5'}`}
          />
          <input
            id={id}
            type="search"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={`${id}-suggestions`}
            aria-activedescendant={shown && active >= 0 ? `${id}-option-${active}` : undefined}
            className={`input w-full ${compact ? 'py-1.5 pl-9 text-sm' : 'py-2.5 pl-10'}`}
            placeholder={texts.placeholder}
            // biome-ignore lint/a11y/noAutofocus: only where the user just opened the box to type into it
            autoFocus={autoFocus}
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
            aria-label={texts.suggestions}
            hidden={!shown}
            className={`absolute top-full z-50 mt-1 overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg dark:border-gray-700 dark:bg-gray-900 ${
              compact ? 'right-0 w-72 max-w-[calc(100vw-2rem)]' : 'inset-x-0'
            }`}
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
                  <span className="muted shrink-0 text-xs tabular-nums">{texts.heat(Math.round(item.heatScore))}</span>
                )}
              </div>
            ))}
          </div>
        </div>
        <button type="submit" className={compact ? 'sr-only' : 'btn-primary'}>
          {texts.submit}
        </button>
      </form>
    </search>
  );
}
