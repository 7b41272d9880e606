import { useId } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useTeamSavedSearches } from '../api.ts';

/** `/search?<query>`: where a shared search's results show (run as the reader, on the reader's own search quota). */
const searchLink = (query: Record<string, string | number | boolean>) =>
  `/search?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

/** "Shared with my team" beside my saved searches: each member's shared search, its author, a link that runs it. */
export function TeamSharedSearches() {
  const { t } = useTranslation('sharing');
  const id = useId();
  const searches = useTeamSavedSearches();
  if (!searches.data?.team) return null;
  const { team, items } = searches.data;
  return (
    <section aria-labelledby={`${id}-shared`} className="card space-y-3 p-4" data-slot="team-shared-searches">
      <h2 id={`${id}-shared`} className="font-semibold">
        {t('shared.searchesTitle', { team: team.name })}
      </h2>
      {items.length === 0 ? (
        <p className="muted text-sm">{t('shared.searchesEmpty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 text-sm dark:divide-gray-800">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
              <Link to={searchLink(item.query)} className="link min-w-0 font-medium break-words">
                {item.name}
              </Link>
              <span className="muted text-xs">
                {t('shared.by', {
                  name: item.author.isMe ? t('shared.me') : (item.author.name ?? t('notes.formerMember')),
                })}{' '}
                · {formatDateTime(item.updatedAt)}
                {!item.canEdit && ` · ${t('shared.readOnly')}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
