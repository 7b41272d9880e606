import { useId, useState } from 'react';
import { TEAM_NAME_MAX } from '../../../../shared/api/teams.schema.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateTeam } from '../api.ts';

/** No team yet (vip): name it and create it; the creator becomes its owner. */
export function CreateTeamForm({ seats }: { seats: number }) {
  const { t } = useTranslation('teams');
  const id = useId();
  const create = useCreateTeam();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  return (
    <section className="card space-y-3 p-4" aria-labelledby={`${id}-title`} data-slot="create-team">
      <h2 id={`${id}-title`} className="font-semibold">
        {t('create.title')}
      </h2>
      <p className="muted text-sm">{t('create.intro')}</p>
      <p className="muted text-sm">{t('seatsRule', { seats })}</p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(name.trim());
        }}
      >
        <label htmlFor={id} className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
          {t('create.label')}
          <input
            id={id}
            className="input"
            value={name}
            maxLength={TEAM_NAME_MAX}
            required
            placeholder={t('create.placeholder')}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button type="submit" className="btn-primary" disabled={create.isPending || name.trim() === ''}>
          {create.isPending ? t('create.creating') : t('create.submit')}
        </button>
        {create.isError && (
          <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
            {errorText(create.error)}
          </p>
        )}
      </form>
    </section>
  );
}
