import { type FormEvent, useId, useState } from 'react';
import type { ExportProject } from '../../../../shared/api/catalogue.schema.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useKnownChains, useSaveProject } from '../admin-data-api.ts';
import {
  fieldErrorsOf,
  fromProjectForm,
  PROJECT_FIELD_GROUPS,
  PROJECT_FIELD_KEYS,
  PROJECT_FIELDS,
  type ProjectFieldKey,
  type ProjectFormValues,
  toProjectForm,
} from '../project-form.ts';

type FieldProps = {
  field: (typeof PROJECT_FIELDS)[number];
  value: string;
  error: string | undefined;
  disabled: boolean;
  sectorNames: string[];
  knownChains: string[];
  onChange: (value: string) => void;
};

function ProjectField({ field, value, error, disabled, sectorNames, knownChains, onChange }: FieldProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const hint =
    field.key === 'id'
      ? t('projects.form.idHint')
      : field.key === 'category'
        ? t('projects.form.categoryHint')
        : field.key === 'chains'
          ? t('projects.form.chainsHint', { examples: knownChains.slice(0, 6).join(', ') || '—' })
          : field.key === 'newChains'
            ? t('projects.form.newChainsHint')
            : field.kind === 'list'
              ? t('projects.form.listHint')
              : undefined;
  const common = {
    id,
    name: field.key,
    value,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
  };
  const wide = field.kind === 'textarea';
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {t(`projects.fields.${field.key}`)}
      </label>
      {field.kind === 'textarea' ? (
        <textarea {...common} rows={3} className="input" onChange={(e) => onChange(e.target.value)} />
      ) : field.kind === 'sector' ? (
        // Chosen from the sector list: a free-typed "Defi" would drop the project from every sector page.
        // A stored category no sector has any more stays visible, so the admin sees what to change.
        <select {...common} className="input" onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('projects.form.categoryChoose')}</option>
          {(value && !sectorNames.includes(value) ? [value, ...sectorNames] : sectorNames).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      ) : field.kind === 'verification' ? (
        <select {...common} className="input" onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('projects.form.verificationNone')}</option>
          <option value="site-review">{t('projects.form.verificationSite')}</option>
          <option value="x">{t('projects.form.verificationX')}</option>
        </select>
      ) : (
        <input
          {...common}
          type={field.kind === 'date' ? 'date' : 'text'}
          className="input"
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint && !error && (
        <p id={`${id}-hint`} className="muted text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

type ProjectFormProps = {
  /** The project as the server has it; null for a new one. */
  project: ExportProject | null;
  sectorNames: string[];
  onDone: () => void;
};

/**
 * Create or edit a project: every field of the export shape, grouped. The server validates; its errors show under
 * their field (in the page's language) and the rest above the buttons. A saved project's pages show the change at
 * once (admin-data-api.ts invalidates every cached answer).
 */
export function ProjectForm({ project, sectorNames, onDone }: ProjectFormProps) {
  const { t } = useTranslation('admin');
  const isNew = project === null;
  const [values, setValues] = useState<ProjectFormValues>(() => toProjectForm(project));
  const save = useSaveProject();
  const knownChains = useKnownChains().data ?? [];
  const { fields, other } = fieldErrorsOf(save.error, PROJECT_FIELD_KEYS);
  const generalError = save.error instanceof ApiError ? save.error.message : save.error ? String(save.error) : null;
  const set = (key: ProjectFieldKey) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = fromProjectForm(values, project?.sample ?? null);
    save.mutate(
      { project: body, isNew },
      {
        onSuccess: (saved) => {
          showToast({
            title: t(isNew ? 'projects.form.created' : 'projects.form.saved', { name: saved.name }),
            variant: 'success',
          });
          onDone();
        },
      },
    );
  };

  return (
    <form
      className="card space-y-5 p-4"
      aria-label={isNew ? t('projects.form.createTitle') : t('projects.form.editTitle', { name: project.name })}
      onSubmit={onSubmit}
      noValidate
    >
      <h2 className="text-lg font-semibold">
        {isNew ? t('projects.form.createTitle') : t('projects.form.editTitle', { name: project.name })}
      </h2>
      {PROJECT_FIELD_GROUPS.map((group) => (
        <fieldset key={group} className="min-w-0 space-y-3">
          <legend className="mb-2 text-sm font-semibold text-gray-600 dark:text-gray-300">
            {t(`projects.groups.${group}`)}
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {PROJECT_FIELDS.filter((field) => field.group === group).map((field) => (
              <ProjectField
                key={field.key}
                field={field}
                value={values[field.key]}
                error={fields[field.key]}
                disabled={field.key === 'id' && !isNew}
                sectorNames={sectorNames}
                knownChains={knownChains}
                onChange={set(field.key)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {generalError && (
        <div role="alert" className="space-y-1 text-sm text-red-700 dark:text-red-400">
          <p className="font-medium">{t('projects.form.errorsTitle')}</p>
          <p className="break-words">{generalError}</p>
          {other.map((line) => (
            <p key={line} className="break-words">
              {line}
            </p>
          ))}
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t('projects.form.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? t('projects.form.saving') : t('projects.form.save')}
        </button>
      </div>
    </form>
  );
}
