import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { TeamWatchlist } from '../../../../shared/api/team-sharing.schema.ts';
import { formatDateTime, formatPercent, formatScore, formatUsd } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRemoveTeamWatchlistItem, useRenameTeamWatchlist, useTeamWatchlist, useTeamWatchlists } from '../api.ts';

/**
 * "Shared with my team" on /watchlists: every list a member shared, with its author; open one for its projects and
 * figures. The author and the team's owner rename it and remove projects; everyone else reads.
 */
export function TeamSharedWatchlists() {
  const { t } = useTranslation('sharing');
  const id = useId();
  const lists = useTeamWatchlists();
  if (!lists.data?.team) return null;
  const { team, items } = lists.data;
  return (
    <section aria-labelledby={`${id}-shared`} className="space-y-3" data-slot="team-shared-watchlists">
      <h2 id={`${id}-shared`} className="text-lg font-semibold">
        {t('shared.watchlistsTitle', { team: team.name })}
      </h2>
      {items.length === 0 ? (
        <p className="muted">{t('shared.watchlistsEmpty')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {items.map((list) => (
            <SharedListCard key={list.id} list={list} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SharedListCard({ list }: { list: TeamWatchlist }) {
  const { t } = useTranslation('sharing');
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(list.name);
  const rename = useRenameTeamWatchlist();
  return (
    <li className="card min-w-0 space-y-2 p-4" data-team-watchlist={list.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">{list.name}</p>
          <p className="muted text-xs">
            {t('shared.by', {
              name: list.author.isMe ? t('shared.me') : (list.author.name ?? t('notes.formerMember')),
            })}{' '}
            · {t('shared.count', { count: list.itemCount })} ·{' '}
            {t('shared.updated', { time: formatDateTime(list.updatedAt) })}
          </p>
        </div>
        {!list.canEdit && (
          <span className="rounded bg-gray-100 px-2 py-0.5 text-xs dark:bg-gray-800">{t('shared.readOnly')}</span>
        )}
      </div>
      {renaming ? (
        <form
          className="flex flex-wrap gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate({ id: list.id, name }, { onSuccess: () => setRenaming(false) });
          }}
        >
          <label className="min-w-0 flex-1">
            <span className="sr-only">{t('shared.rename')}</span>
            <input className="input w-full" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" className="btn-primary px-3 py-1 text-xs" disabled={rename.isPending}>
            {t('notes.save')}
          </button>
          <button type="button" className="btn-secondary px-3 py-1 text-xs" onClick={() => setRenaming(false)}>
            {t('notes.cancel')}
          </button>
        </form>
      ) : (
        <div className="flex gap-3 text-xs">
          <button type="button" className="link" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
            {open ? t('shared.hide') : t('shared.show')}
          </button>
          {list.canEdit && (
            <button type="button" className="link" onClick={() => setRenaming(true)}>
              {t('shared.rename')}
            </button>
          )}
        </div>
      )}
      {rename.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {rename.error.message}
        </p>
      )}
      {open && <SharedListItems id={list.id} />}
    </li>
  );
}

function SharedListItems({ id }: { id: string }) {
  const { t } = useTranslation('sharing');
  const detail = useTeamWatchlist(id, true);
  const remove = useRemoveTeamWatchlistItem();
  if (detail.isPending) return <p className="muted text-sm">{t('shared.loading')}</p>;
  if (detail.isError) return <p role="alert">{detail.error.message}</p>;
  const { items, canEdit } = detail.data;
  if (items.length === 0) return <p className="muted text-sm">{t('shared.noProjects')}</p>;
  return (
    <ul className="divide-y divide-gray-200 text-sm dark:divide-gray-800">
      {items.map((item) => (
        <li key={item.projectId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
          <Link to={`/project/${encodeURIComponent(item.projectId)}`} className="link min-w-0 break-words">
            {item.name}
          </Link>
          <span className="muted text-xs tabular-nums">
            {item.price === null ? t('shared.noPrice') : formatUsd(item.price)}
            {item.priceChange24h !== null && ` · ${formatPercent(item.priceChange24h)}`} ·{' '}
            {t('shared.heat', { value: item.heatScore === null ? t('shared.notScored') : formatScore(item.heatScore) })}
          </span>
          {canEdit && (
            <button
              type="button"
              className="link text-xs text-red-600 dark:text-red-400"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id, projectId: item.projectId })}
            >
              {t('shared.remove')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
