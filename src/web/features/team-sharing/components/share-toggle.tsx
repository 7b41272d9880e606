import { useTranslation } from '../../../lib/use-translation.ts';
import { type ShareKind, useShare, useTeamSavedSearches, useTeamWatchlists } from '../api.ts';

/**
 * "Share with <team>" on one of my lists or saved searches: on when the team's shared items hold it. Shown to team
 * members only; the server sets the row's team to my current one (or clears it).
 */
export function ShareToggle({ kind, id, name }: { kind: ShareKind; id: string; name: string }) {
  const { t } = useTranslation('sharing');
  const lists = useTeamWatchlists(kind === 'watchlist');
  const searches = useTeamSavedSearches(kind === 'savedSearch');
  const share = useShare(kind);
  const data = kind === 'watchlist' ? lists.data : searches.data;
  if (!data?.team) return null;
  const shared = data.items.some((item) => item.id === id && item.author.isMe);
  const on = share.isPending && share.variables ? share.variables.shared : shared;
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-xs">
      <label className="inline-flex items-center gap-1">
        <input
          type="checkbox"
          checked={on}
          disabled={share.isPending}
          aria-label={t('share.toggleFor', { name, team: data.team.name })}
          onChange={(event) => share.mutate({ id, shared: event.target.checked })}
        />
        {t('share.toggle', { team: data.team.name })}
      </label>
      {share.error && (
        <span role="alert" className="text-red-600 dark:text-red-400">
          {share.error.message}
        </span>
      )}
    </span>
  );
}
