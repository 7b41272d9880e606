import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '../../../lib/toast.ts';
import { useAddItem, useCreateWatchlist, useRemoveItem, useWatching } from '../api.ts';
import { NameForm } from './name-form.tsx';

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
  const add = useAddItem();
  const remove = useRemoveItem();
  const create = useCreateWatchlist();
  const lists = watching.data?.lists ?? [];
  const addTo = (id: string, name: string) =>
    add.mutate(
      { id, projectId },
      {
        onSuccess: (r) =>
          showToast({ title: t(r.added ? 'button.added' : 'button.already', { name }), variant: 'success' }),
      },
    );
  const createAndAdd = (name: string) => create.mutate(name, { onSuccess: (list) => addTo(list.id, list.name) });
  return (
    <div className="space-y-2" data-slot="watch-button">
      <button type="button" className="btn-secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        ☆ {t('button.add')}
      </button>
      {open && watching.isError && renderRefusal(watching.error)}
      {open && watching.isSuccess && (
        <section className="card space-y-3 p-3" aria-label={t('button.menuTitle')}>
          <p className="text-sm font-semibold">{t('button.menuTitle')}</p>
          {lists.length === 0 && <p className="muted text-sm">{t('button.noLists')}</p>}
          <ul className="space-y-1">
            {lists.map((list) => (
              <li key={list.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="truncate">{list.name}</span>
                <button
                  type="button"
                  className={list.contains ? 'btn-secondary px-2 py-1 text-xs' : 'btn-primary px-2 py-1 text-xs'}
                  aria-pressed={list.contains}
                  disabled={add.isPending || remove.isPending}
                  onClick={() =>
                    list.contains
                      ? remove.mutate(
                          { id: list.id, projectId },
                          { onSuccess: () => showToast({ title: t('button.removed', { name: list.name }) }) },
                        )
                      : addTo(list.id, list.name)
                  }
                >
                  {list.contains ? `✓ ${list.name}` : `+ ${list.name}`}
                </button>
              </li>
            ))}
          </ul>
          {lists.length < watching.data.limit && (
            <NameForm
              submitLabel={t('button.createAndAdd')}
              pending={create.isPending || add.isPending}
              error={create.error?.message ?? add.error?.message}
              onSubmit={createAndAdd}
            />
          )}
          <Link to="/watchlists" className="link text-sm">
            {t('button.manage')}
          </Link>
        </section>
      )}
    </div>
  );
}
