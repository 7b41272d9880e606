import { type FormEvent, useId, useState } from 'react';
import { SUPPORT_LIMITS, type SupportThread } from '../../../../shared/api/support.schema.ts';
import { SUPPORT_RESPONSE_TARGETS } from '../../../../shared/membership/support.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateSupportRequest, useSupportPriority } from '../api.ts';
import { ProjectPicker } from './project-picker.tsx';
import { useBusinessDays } from './support-targets.tsx';

/** The target my level gets, as the server would file a new request now (test mode's preview included). */
export function MySupportTarget() {
  const { t } = useTranslation(['support', 'membership']);
  const days = useBusinessDays();
  const priority = useSupportPriority(true);
  if (!priority.data) return null;
  const { level, targetBusinessDays } = priority.data;
  const params = {
    level: t(`membership:levels.${level}`),
    days: days(targetBusinessDays),
    vipDays: days(SUPPORT_RESPONSE_TARGETS.priority.businessDays),
  };
  return (
    <section
      aria-labelledby="support-target"
      className="card p-4 text-sm"
      data-slot="support-target"
      data-priority={priority.data.priority}
    >
      <h2 id="support-target" className="font-semibold">
        {t('target.title')}
      </h2>
      <p className="mt-1 leading-6">
        {priority.data.priority === 'priority' ? t('target.priority', params) : t('target.normal', params)}
      </p>
      <p className="muted mt-1 text-xs leading-5">{t('target.rule')}</p>
    </section>
  );
}

/** The new-request form: subject, text, an optional project; the server fixes priority and language. */
export function SupportForm({ onCreated }: { onCreated: (thread: SupportThread) => void }) {
  const { t } = useTranslation('support');
  const errorText = useErrorText();
  const id = useId();
  const create = useCreateSupportRequest();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [project, setProject] = useState<{ id: string; name: string } | null>(null);
  const [missing, setMissing] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!subject.trim() || !text.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    create.mutate(
      { subject: subject.trim(), text, projectId: project?.id ?? null, language: currentLanguage() },
      {
        onSuccess: (thread) => {
          setSubject('');
          setText('');
          setProject(null);
          onCreated(thread);
        },
      },
    );
  };

  return (
    <form className="card space-y-4 p-4 sm:p-5" onSubmit={handleSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('form.title')}
      </h2>
      <div>
        <label htmlFor={`${id}-subject`} className="mb-1 block text-sm font-medium">
          {t('form.subject')}
        </label>
        <input
          id={`${id}-subject`}
          className="input w-full"
          value={subject}
          maxLength={SUPPORT_LIMITS.subjectLength}
          onChange={(e) => setSubject(e.target.value)}
          aria-describedby={`${id}-subject-hint`}
          required
        />
        <p id={`${id}-subject-hint`} className="muted mt-1 text-xs">
          {t('form.subjectHint', { max: SUPPORT_LIMITS.subjectLength })}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-medium">
          {t('form.text')}
        </label>
        <textarea
          id={`${id}-text`}
          className="input min-h-32 w-full"
          value={text}
          maxLength={SUPPORT_LIMITS.textLength}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-text-hint`}
          required
        />
        <p id={`${id}-text-hint`} className="muted mt-1 text-xs">
          {t('form.textHint', { max: SUPPORT_LIMITS.textLength })}
        </p>
      </div>
      <ProjectPicker value={project} onChange={setProject} />
      {missing && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('form.required')}
        </p>
      )}
      {create.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorText(create.error)}
        </p>
      )}
      {create.isSuccess && !create.isPending && (
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          {t('form.sent')}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="muted text-xs">
          {t('form.limits', { open: SUPPORT_LIMITS.openPerUser, perDay: SUPPORT_LIMITS.perDay })}
        </p>
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          {create.isPending ? t('form.sending') : t('form.submit')}
        </button>
      </div>
    </form>
  );
}
