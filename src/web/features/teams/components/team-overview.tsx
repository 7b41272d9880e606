import { useId, useState } from 'react';
import { TEAM_NAME_MAX, type Team } from '../../../../shared/api/teams.schema.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDate, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRenameTeam } from '../api.ts';

function RenameForm({ team, onDone }: { team: Team; onDone: () => void }) {
  const { t } = useTranslation('teams');
  const id = useId();
  const rename = useRenameTeam();
  const errorText = useErrorText();
  const [name, setName] = useState(team.name);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate(name.trim(), { onSuccess: onDone });
      }}
    >
      <label htmlFor={id} className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
        {t('overview.renameLabel')}
        <input
          id={id}
          className="input"
          value={name}
          maxLength={TEAM_NAME_MAX}
          required
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <button type="button" className="btn-secondary" onClick={onDone}>
        {t('overview.cancel')}
      </button>
      <button type="submit" className="btn-primary" disabled={rename.isPending || name.trim() === ''}>
        {t('overview.save')}
      </button>
      {rename.isError && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {errorText(rename.error)}
        </p>
      )}
    </form>
  );
}

/** The team's name (renamed by the owner), my role, the seats of the owner's plan, and the lapsed-plan notice. */
export function TeamOverview({ team }: { team: Team }) {
  const { t } = useTranslation('teams');
  const [renaming, setRenaming] = useState(false);
  const { used, limit } = team.seats;
  return (
    <section className="card space-y-3 p-4" aria-label={team.name} data-slot="team-overview">
      {renaming ? (
        <RenameForm team={team} onDone={() => setRenaming(false)} />
      ) : (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="min-w-0 text-xl font-semibold break-words" data-slot="team-name">
            {team.name}
          </h2>
          {team.role === 'owner' && (
            <button type="button" className="btn-ghost" onClick={() => setRenaming(true)}>
              {t('overview.rename')}
            </button>
          )}
        </div>
      )}
      <p className="text-sm">
        {t('overview.yourRole', { role: t(`roles.${team.role}`) })} ·{' '}
        <span data-slot="team-seats">
          {limit > 0
            ? t('overview.seats', { used: formatInteger(used), limit: formatInteger(limit) })
            : t('overview.noSeats', { used: formatInteger(used) })}
        </span>{' '}
        · <span className="muted">{t('overview.created', { date: formatDate(team.createdAt) })}</span>
      </p>
      {!team.ownerPlanActive && (
        <p
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {t('overview.lapsed')}
        </p>
      )}
    </section>
  );
}
