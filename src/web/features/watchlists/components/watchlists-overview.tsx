import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { WatchlistSummary } from '../../../../shared/api/watchlists.schema.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateWatchlist, useDeleteWatchlist, useRenameWatchlist, useWatchlists } from '../api.ts';
import { NameForm } from './name-form.tsx';

/**
 * /watchlists: my lists with their counts; create, rename, delete (after a confirmation dialog). `listExtra`: what
 * the page adds to each card (the team share switch, composed by the app).
 */
export function WatchlistsOverview({ listExtra }: { listExtra?: (list: WatchlistSummary) => ReactNode } = {}) {
  const { t } = useTranslation('watchlists');
  const lists = useWatchlists();
  const create = useCreateWatchlist();
  // A new form (an empty name) after each successful create; a refused name stays for the user to correct.
  const [created, setCreated] = useState(0);
  if (lists.isPending) return <Skeleton className="h-40 w-full" />;
  if (lists.isError) return <p role="alert">{lists.error.message}</p>;
  const { items, limit } = lists.data;
  return (
    <div className="space-y-6">
      <section className="card space-y-3 p-4">
        <p className="muted text-sm">{t('lists.usage', { used: items.length, limit })}</p>
        <NameForm
          key={created}
          submitLabel={t('form.create')}
          pending={create.isPending}
          error={create.error?.message}
          onSubmit={(name) =>
            create.mutate(name, {
              onSuccess: () => {
                create.reset();
                setCreated((n) => n + 1);
              },
            })
          }
        />
      </section>
      <section aria-labelledby="my-watchlists" className="space-y-3">
        <h2 id="my-watchlists" className="text-lg font-semibold">
          {t('lists.heading')}
        </h2>
        {items.length === 0 ? (
          <p className="muted">{t('lists.empty')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {items.map((list) => (
              <ListCard key={list.id} list={list} extra={listExtra?.(list)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ListCard({ list, extra }: { list: WatchlistSummary; extra?: ReactNode }) {
  const { t } = useTranslation('watchlists');
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const rename = useRenameWatchlist();
  const remove = useDeleteWatchlist();
  return (
    <li className="card space-y-3 p-4" data-watchlist={list.name}>
      {mode === 'rename' ? (
        <NameForm
          initial={list.name}
          submitLabel={t('form.save')}
          pending={rename.isPending}
          error={rename.error?.message}
          onCancel={() => setMode('view')}
          onSubmit={(name) => rename.mutate({ id: list.id, name }, { onSuccess: () => setMode('view') })}
        />
      ) : (
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={`/watchlists/${list.id}`} className="link font-semibold">
              {list.name}
            </Link>
            <p className="muted text-sm">
              {t('lists.count', { count: list.itemCount })} ·{' '}
              {t('lists.updated', { time: formatDateTime(list.updatedAt) })}
            </p>
          </div>
          <div className="flex shrink-0 gap-1">
            <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => setMode('rename')}>
              {t('form.rename')}
            </button>
            <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => setMode('confirm')}>
              {t('form.delete')}
            </button>
          </div>
        </div>
      )}
      {mode === 'view' && extra}
      {mode === 'confirm' && (
        <ConfirmDialog
          title={t('form.confirmDelete', { name: list.name })}
          confirmLabel={t('form.confirm')}
          cancelLabel={t('form.cancel')}
          danger
          busy={remove.isPending}
          error={remove.error?.message}
          onConfirm={() => remove.mutate(list.id)}
          onCancel={() => setMode('view')}
        />
      )}
    </li>
  );
}
