import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSupportProjectPicker } from '../api.ts';

type Picked = { id: string; name: string } | null;

/** An optional project: type a name, pick one of the matches; the chosen one shows with a remove button. */
export function ProjectPicker({ value, onChange }: { value: Picked; onChange: (project: Picked) => void }) {
  const { t } = useTranslation('support');
  const id = useId();
  const [q, setQ] = useState('');
  const matches = useSupportProjectPicker(value ? '' : q);
  const items = matches.data?.items ?? [];
  return (
    <div>
      <label htmlFor={`${id}-project`} className="mb-1 block text-sm font-medium">
        {t('form.project')}
      </label>
      {value ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-slot="support-project">
          <span>{t('form.projectChosen', { name: value.name })}</span>
          <button type="button" className="btn-ghost text-xs" onClick={() => onChange(null)}>
            {t('form.projectClear')}
          </button>
        </p>
      ) : (
        <>
          <input
            id={`${id}-project`}
            type="search"
            className="input w-full"
            value={q}
            placeholder={t('form.projectSearch')}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
          />
          {q.trim() && matches.isSuccess && (
            <ul className="mt-1 flex flex-wrap gap-2" aria-label={t('form.projectSearch')}>
              {items.length === 0 ? (
                <li className="muted text-xs">{t('form.projectNoMatch')}</li>
              ) : (
                items.map((project) => (
                  <li key={project.id}>
                    <button
                      type="button"
                      className="btn-secondary text-xs"
                      onClick={() => {
                        onChange({ id: project.id, name: project.name });
                        setQ('');
                      }}
                    >
                      {project.name}
                    </button>
                  </li>
                ))
              )}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
