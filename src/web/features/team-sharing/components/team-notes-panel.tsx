import { type FormEvent, useId, useState } from 'react';
import type { ProjectNote } from '../../../../shared/api/team-sharing.schema.ts';
import { NOTE_BODY_MAX } from '../../../../shared/api/team-sharing.values.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateNote, useDeleteNote, useProjectNotes, useUpdateNote } from '../api.ts';

/**
 * The project page's "Team notes": shown to team members only (someone in no team sees nothing here). Bodies are
 * rendered as React text, so HTML a member typed shows literally; line breaks are kept.
 */
export function TeamNotesPanel({ projectId, enabled }: { projectId: string; enabled: boolean }) {
  const { t } = useTranslation('sharing');
  const id = useId();
  const notes = useProjectNotes(projectId, enabled);
  if (!enabled || !notes.data?.team) return null;
  const { team, items, limit } = notes.data;
  return (
    <section aria-labelledby={`${id}-notes`} className="card space-y-4 p-4" data-slot="team-notes">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-notes`} className="text-lg font-semibold">
          {t('notes.title')}
        </h2>
        <span className="muted text-xs">{t('notes.visibleTo', { team: team.name })}</span>
      </div>
      {items.length < limit ? (
        <NoteForm projectId={projectId} />
      ) : (
        <p className="muted text-sm">{t('notes.full', { limit })}</p>
      )}
      {items.length === 0 ? (
        <p className="muted text-sm">{t('notes.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 dark:divide-gray-800">
          {items.map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NoteForm({ projectId }: { projectId: string }) {
  const { t } = useTranslation('sharing');
  const create = useCreateNote(projectId);
  const [body, setBody] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(body, { onSuccess: () => setBody('') });
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <label className="block text-sm">
        <span className="sr-only">{t('notes.add')}</span>
        <textarea
          className="input min-h-20 w-full"
          maxLength={NOTE_BODY_MAX}
          placeholder={t('notes.placeholder')}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
      </label>
      {create.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {create.error.message}
        </p>
      )}
      <button type="submit" className="btn-primary px-3 py-1 text-sm" disabled={create.isPending || !body.trim()}>
        {t('notes.add')}
      </button>
    </form>
  );
}

function NoteItem({ note }: { note: ProjectNote }) {
  const { t } = useTranslation('sharing');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(note.body);
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const error = update.error ?? remove.error;
  const edited = note.updatedAt !== note.createdAt;
  return (
    <li className="space-y-1 py-3 text-sm" data-note={note.id}>
      <p className="muted text-xs">
        {note.author.name ?? t('notes.formerMember')} · {formatDateTime(note.createdAt)}
        {edited && ` · ${t('notes.edited', { time: formatDateTime(note.updatedAt) })}`}
      </p>
      {editing ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ id: note.id, body: draft }, { onSuccess: () => setEditing(false) });
          }}
        >
          <label className="block">
            <span className="sr-only">{t('notes.edit')}</span>
            <textarea
              className="input min-h-20 w-full"
              maxLength={NOTE_BODY_MAX}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </label>
          <div className="flex gap-2">
            <button
              type="submit"
              className="btn-primary px-3 py-1 text-xs"
              disabled={update.isPending || !draft.trim()}
            >
              {t('notes.save')}
            </button>
            <button type="button" className="btn-secondary px-3 py-1 text-xs" onClick={() => setEditing(false)}>
              {t('notes.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <p className="break-words whitespace-pre-wrap">{note.body}</p>
      )}
      {error && (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {error.message}
        </p>
      )}
      {!editing && (note.canEdit || note.canDelete) && (
        <div className="flex gap-3 text-xs">
          {note.canEdit && (
            <button
              type="button"
              className="link"
              onClick={() => {
                setDraft(note.body);
                setEditing(true);
              }}
            >
              {t('notes.edit')}
            </button>
          )}
          {note.canDelete && (
            <button
              type="button"
              className="link text-red-600 dark:text-red-400"
              disabled={remove.isPending}
              onClick={() => setConfirming(true)}
            >
              {t('notes.delete')}
            </button>
          )}
          {confirming && (
            <ConfirmDialog
              title={t('notes.confirmDelete')}
              confirmLabel={t('notes.delete')}
              cancelLabel={t('notes.cancel')}
              danger
              onConfirm={() => {
                setConfirming(false);
                remove.mutate(note.id);
              }}
              onCancel={() => setConfirming(false)}
            />
          )}
        </div>
      )}
    </li>
  );
}
