import { Link } from 'react-router';
import type { WatchingResponse } from '../../../../shared/api/watchlists.schema.ts';
import { showToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAddItem, useCreateWatchlist, useRemoveItem } from '../api.ts';
import { NameForm } from './name-form.tsx';

/**
 * My lists, each toggling the project in or out, and "create a list and add": the content of the project page's
 * "Add to watchlist" panel and of a directory row's star.
 */
export function WatchMenu({ projectId, watching }: { projectId: string; watching: WatchingResponse }) {
  const { t } = useTranslation('watchlists');
  const add = useAddItem();
  const remove = useRemoveItem();
  const create = useCreateWatchlist();
  const lists = watching.lists;
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
    <>
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
      {lists.length < watching.limit && (
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
    </>
  );
}
