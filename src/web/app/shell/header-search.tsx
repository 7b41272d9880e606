import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { ProjectSearchBox } from '../project-search-box.tsx';

type HeaderSearchProps = {
  /**
   * 'bar': the box in the desktop header; 'toggle': a search button that opens the box in a panel under the header
   * (desktop widths where the links leave no room for it); 'menu': the full-width box at the top of the mobile menu.
   */
  place: 'bar' | 'toggle' | 'menu';
  className?: string;
  onDone?: () => void;
};

/** The header's project search on every page but /search itself (whose own box is the page). */
export function HeaderSearch({ place, className = '', onDone }: HeaderSearchProps) {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  if (pathname === '/search') return null;
  const texts = {
    label: t('projectSearch.label'),
    placeholder: place === 'bar' ? t('projectSearch.placeholder') : t('projectSearch.placeholderLong'),
    submit: t('projectSearch.submit'),
  };
  if (place === 'toggle') return <SearchToggle texts={texts} className={className} />;
  return (
    <div
      className={`${place === 'bar' ? 'w-44 shrink-0 2xl:w-56' : 'w-full'} ${className}`}
      data-slot={`header-search-${place}`}
    >
      <ProjectSearchBox texts={texts} size={place === 'bar' ? 'compact' : 'wide'} className="w-full" onDone={onDone} />
    </div>
  );
}

/** A search button; its panel spans the header's width below it and closes on Escape, a choice or navigation. */
function SearchToggle({
  texts,
  className,
}: {
  texts: { label: string; placeholder: string; submit: string };
  className: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation by design
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <div className={className} data-slot="header-search-toggle">
      <button
        type="button"
        className="btn-ghost px-2"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={texts.label}
        onClick={() => setOpen((value) => !value)}
      >
        <SearchIcon size={18} />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute inset-x-0 top-full border-b border-gray-200 bg-white px-4 py-3 shadow-sm sm:px-6 dark:border-gray-800 dark:bg-gray-950"
        >
          <ProjectSearchBox
            texts={texts}
            className="mx-auto w-full max-w-2xl"
            onDone={() => setOpen(false)}
            autoFocus
          />
        </div>
      )}
    </div>
  );
}
