import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDismissPopover } from '../../../lib/use-dismiss-popover.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useWatchedProjects, useWatching } from '../api.ts';
import { WatchMenu } from './watch-menu.tsx';

type WatchStarProps = {
  projectId: string;
  projectName: string;
  /** The server's refusal explained (a free user: the premium lock with its way up), composed by the page. */
  renderRefusal: (error: Error) => ReactNode;
};

const PANEL_WIDTH = 288; // px (w-72)

/**
 * A directory row's star: opens my lists for this project in a small panel (the same menu as the project page's
 * button). The panel is fixed to the viewport beside the star, so the table's scrolling box never clips it; a scroll
 * or resize closes it. A refusal (free user) shows its reason in the panel, never a silent no-op.
 */
export function WatchStar({ projectId, projectName, renderRefusal }: WatchStarProps) {
  const { t } = useTranslation('watchlists');
  // Where the star is (viewport px): the panel opens below it, or above it when the screen has no room below.
  const [at, setAt] = useState<{ top: number; left: number; anchorTop: number } | null>(null);
  const open = at !== null;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const watching = useWatching(projectId, open);
  const watchedIds = useWatchedProjects();
  // The open menu's answer is the freshest; otherwise the page's list of watched projects.
  const watched = watching.data
    ? watching.data.lists.some((list) => list.contains)
    : (watchedIds.data?.has(projectId) ?? false);
  const close = () => setAt(null);
  useDismissPopover(open, close, panelRef, buttonRef);
  useEffect(() => {
    if (!open) return;
    const onMove = (event: Event) => {
      if (!panelRef.current?.contains(event.target as Node)) setAt(null);
    };
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open]);

  // Keep the whole panel on screen as its content loads (skeleton → lists → a new list's form): a row near the bottom
  // of the screen opens it upwards. A fixed panel past the viewport's edge could never be scrolled to.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!at || !panel) return;
    const place = () => {
      const height = panel.offsetHeight;
      const fitsBelow = at.top + height <= window.innerHeight - 8;
      panel.style.top = `${fitsBelow ? at.top : Math.max(8, at.anchorTop - 4 - height)}px`;
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(panel);
    return () => observer.disconnect();
  }, [at]);

  const toggle = () => {
    if (open) return close();
    const rect = buttonRef.current?.getBoundingClientRect();
    if (!rect) return;
    const left = Math.max(8, Math.min(rect.left, window.innerWidth - PANEL_WIDTH - 8));
    setAt({ top: rect.bottom + 4, left, anchorTop: rect.top });
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`rounded px-0.5 text-base leading-none hover:text-amber-500 ${watched ? 'text-amber-500' : 'text-gray-400 dark:text-gray-500'}`}
        aria-expanded={open}
        aria-label={t(watched ? 'star.labelWatched' : 'star.label', { name: projectName })}
        title={t(watched ? 'star.labelWatched' : 'star.label', { name: projectName })}
        data-watched={watched}
        data-slot="watch-star"
        onClick={toggle}
      >
        <span aria-hidden="true">{watched ? '★' : '☆'}</span>
      </button>
      {at &&
        createPortal(
          <section
            ref={panelRef}
            aria-label={t('button.menuTitle')}
            // A refusal's panel stacks its message above its link: side by side, 18rem squeezes it to a word a line.
            className="card fixed z-50 max-h-[70vh] w-72 space-y-3 overflow-y-auto p-3 text-left shadow-lg [&_[data-slot=locked-feature]]:flex-col"
            style={{ top: at.top, left: at.left }}
            data-slot="watch-star-panel"
          >
            <p className="muted text-xs">{projectName}</p>
            {watching.isPending && <Skeleton className="h-16 w-full" />}
            {watching.isError && renderRefusal(watching.error)}
            {watching.isSuccess && <WatchMenu projectId={projectId} watching={watching.data} />}
          </section>,
          document.body,
        )}
    </>
  );
}
