import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditResponse } from '../../../../shared/api/tasks.schema.ts';
import { useClaimShare, useShareChoices, useStartShare } from '../api.ts';
import { type ServerWait, useSecondsLeft } from '../hooks/use-seconds-left.ts';
import { ErrorNotice } from './credit-notice.tsx';

type ShareDialogProps = { points: number; onClose: () => void; onCredited: (credit: CreditResponse) => void };
type Started = ServerWait & { token: string; projectId: string };
// The claim's failure shows from the mutation's error state.
const ignore = () => {};

/**
 * Pick a project, copy its link or share it to X, then claim: sharing starts a server token, which the server
 * credits only after its own creditableAt (a copy alone cannot be verified, so the wait is the proof of intent).
 */
export function ShareDialog({ points, onClose, onCredited }: ShareDialogProps) {
  const { t } = useTranslation('tasks');
  const ref = useRef<HTMLDialogElement>(null);
  const selectId = useId();
  const choices = useShareChoices(true);
  const [picked, setPicked] = useState<string | null>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const [copied, setCopied] = useState(false);
  const start = useStartShare();
  const claim = useClaimShare();
  const secondsLeft = useSecondsLeft(started);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const projects = choices.data?.items ?? [];
  const project = projects.find((p) => p.id === picked) ?? projects[0];
  const url = project ? `${window.location.origin}/project/${encodeURIComponent(project.id)}` : '';
  const xHref = project
    ? `https://x.com/intent/tweet?${new URLSearchParams({ text: t('share.shareText', { name: project.name }), url })}`
    : '';

  function begin() {
    if (!project || start.isPending || started?.projectId === project.id) return;
    const projectId = project.id;
    start.mutate(projectId, {
      onSuccess: (answer) => setStarted({ ...answer, projectId, receivedAt: performance.now() }),
    });
  }

  async function handleCopy() {
    begin();
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard permission: the link stays selectable in the field.
    }
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape closes natively
    <dialog
      ref={ref}
      aria-labelledby={`${selectId}-title`}
      onClose={onClose}
      onClick={(event) => event.target === ref.current && ref.current?.close()}
      className="card m-auto w-[min(28rem,calc(100vw-2rem))] p-0 text-inherit backdrop:bg-black/40"
    >
      <div className="space-y-4 p-5">
        <div>
          <h2 id={`${selectId}-title`} className="text-lg font-semibold">
            {t('share.title')}
          </h2>
          <p className="muted text-sm">{t('share.description')}</p>
        </div>
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
                  setStarted(null);
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
              <a href={xHref} target="_blank" rel="noopener noreferrer" className="btn-secondary" onClick={begin}>
                {t('share.toX')}
              </a>
            </div>
          </>
        )}
        {started && (
          <div className="space-y-2">
            <p className="muted text-sm" aria-live="polite">
              {secondsLeft > 0 ? t('share.countdown', { seconds: secondsLeft }) : t('ad.ready')}
            </p>
            <button
              type="button"
              className="btn-primary"
              disabled={secondsLeft > 0 || claim.isPending}
              onClick={() =>
                void claim.mutateAsync(started.token).then((credit) => {
                  onCredited(credit);
                  ref.current?.close();
                }, ignore)
              }
            >
              {t('share.claim', { points })}
            </button>
          </div>
        )}
        {start.isError && <ErrorNotice error={start.error} />}
        {claim.isError && <ErrorNotice error={claim.error} />}
        <div className="flex justify-end">
          <button type="button" className="btn-ghost" onClick={() => ref.current?.close()}>
            {t('share.close')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
