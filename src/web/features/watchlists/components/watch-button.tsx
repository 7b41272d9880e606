import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useWatching } from '../api.ts';
import { WatchMenu } from './watch-menu.tsx';

type WatchButtonProps = {
  projectId: string;
  /** What to show when the server refuses (a visitor, a free user): the page composes the membership lock panel. */
  renderRefusal: (error: Error) => ReactNode;
};

/**
 * The project page's "Add to watchlist": opens a panel of my lists, each toggling this project in or out, and a
 * quick "create a list and add". The lists are asked for only when opened; the server's refusal is what locks it.
 */
export function WatchButton({ projectId, renderRefusal }: WatchButtonProps) {
  const { t } = useTranslation('watchlists');
  const [open, setOpen] = useState(false);
  const watching = useWatching(projectId, open);
  return (
    <div className="space-y-2" data-slot="watch-button">
      <button type="button" className="btn-secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        ☆ {t('button.add')}
      </button>
      {open && watching.isError && renderRefusal(watching.error)}
      {open && watching.isSuccess && (
        <section className="card space-y-3 p-3" aria-label={t('button.menuTitle')}>
          <WatchMenu projectId={projectId} watching={watching.data} />
        </section>
      )}
    </div>
  );
}
