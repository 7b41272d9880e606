import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useShareChoices, useStartShare } from '../api.ts';
import { ErrorNotice } from './credit-notice.tsx';

type ShareDialogProps = { onClose: () => void };
type Started = { projectId: string; path: string };

/**
 * Pick a project, then copy its link or share it to X. Either starts today's share link on the server (the link
 * carries its token); nothing is paid here: the server credits the task when someone else opens the link.
 */
export function ShareDialog({ onClose }: ShareDialogProps) {
  const { t } = useTranslation('tasks');
  const selectId = useId();
  const choices = useShareChoices(true);
  const [picked, setPicked] = useState<string | null>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const [copied, setCopied] = useState(false);
  const start = useStartShare();

  const projects = choices.data?.items ?? [];
  const project = projects.find((p) => p.id === picked) ?? projects[0];
  // The link with its share token once started; before that, the plain page (a copy starts it first).
  const current = started && started.projectId === project?.id ? started : null;
  const plain = project ? `/project/${encodeURIComponent(project.id)}` : '';
  const url = project ? `${window.location.origin}${current?.path ?? plain}` : '';
  const xHref = project
    ? `https://x.com/intent/tweet?${new URLSearchParams({ text: t('share.shareText', { name: project.name }), url })}`
    : '';

  /** Today's link for the picked project (the same one when asked again), from the server. */
  async function linkOf(): Promise<string | null> {
    if (!project) return null;
    if (current) return `${window.location.origin}${current.path}`;
    const projectId = project.id;
    try {
      const answer = await start.mutateAsync(projectId);
      setStarted({ projectId, path: answer.path });
      return `${window.location.origin}${answer.path}`;
    } catch {
      return null; // shown from the mutation's error state
    }
  }

  async function handleCopy() {
    const link = await linkOf();
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard permission: the link stays selectable in the field.
    }
  }

  return (
    <Modal title={t('share.title')} description={t('share.description')} onClose={onClose}>
      {(close) => (
        <>
          {choices.isPending ? (
            <p className="muted text-sm">{t('share.loading')}</p>
          ) : projects.length === 0 ? (
            <p className="muted text-sm">{t('share.none')}</p>
          ) : (
            <>
              <div className="flex flex-col gap-1">
                <label htmlFor={selectId} className="text-sm font-medium">
                  {t('share.project')}
                </label>
                <select
                  id={selectId}
                  className="input"
                  value={project?.id}
                  onChange={(event) => {
                    setPicked(event.target.value);
                    setCopied(false);
                  }}
                >
                  {projects.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.symbol ? `${p.name} (${p.symbol})` : p.name}
                    </option>
                  ))}
                </select>
              </div>
              <input readOnly value={url} aria-label={t('share.link')} className="input w-full min-w-0" />
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn-secondary" onClick={handleCopy}>
                  {copied ? t('share.copied') : t('share.copy')}
                </button>
                <a
                  href={xHref}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn-secondary"
                  onClick={(event) => {
                    if (current) return; // the href already carries the token
                    event.preventDefault();
                    // Opened now (a popup blocker allows it inside the click), pointed at X once the link exists.
                    const tab = window.open('', '_blank');
                    if (tab) tab.opener = null;
                    void linkOf().then((link) => {
                      if (!link) return tab?.close();
                      const text = t('share.shareText', { name: project?.name ?? '' });
                      const href = `https://x.com/intent/tweet?${new URLSearchParams({ text, url: link })}`;
                      if (tab) tab.location.href = href;
                    });
                  }}
                >
                  {t('share.toX')}
                </a>
              </div>
            </>
          )}
          {current ? (
            <div className="space-y-1 text-sm" role="status">
              <p>{t('share.waiting')}</p>
              <p className="muted">{t('share.rule')}</p>
            </div>
          ) : null}
          {start.isError && <ErrorNotice error={start.error} />}
          <div className="flex justify-end">
            <button type="button" className="btn-ghost" onClick={close}>
              {t('share.close')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
