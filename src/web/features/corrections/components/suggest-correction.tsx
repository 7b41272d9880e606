import { type ReactNode, useId, useState } from 'react';
import type { CorrectionValues } from '../../../../shared/api/corrections.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CorrectionForm, type SectorOption } from './correction-form.tsx';

type SuggestCorrectionProps = {
  projectId: string;
  projectName: string;
  current: Required<CorrectionValues>;
  sectors: SectorOption[];
  points: number;
  /** For a visitor: the page's sign-in prompt, shown instead of the form. */
  signInPrompt: ReactNode | null;
};

/** The project page's "Suggest a correction" button and the panel it opens (the form, or a visitor's sign-in prompt). */
export function SuggestCorrection({
  projectId,
  projectName,
  current,
  sectors,
  points,
  signInPrompt,
}: SuggestCorrectionProps) {
  const { t } = useTranslation('project');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div data-slot="suggest-correction" className="space-y-3">
      <button
        type="button"
        className="btn-secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {t('corrections.suggest')}
      </button>
      {open && (
        <section id={panelId} className="card space-y-3 p-5" aria-label={t('corrections.title', { name: projectName })}>
          <h2 className="text-lg font-semibold">{t('corrections.title', { name: projectName })}</h2>
          {signInPrompt ?? (
            <CorrectionForm
              projectId={projectId}
              current={current}
              sectors={sectors}
              points={points}
              onDone={() => setOpen(false)}
            />
          )}
        </section>
      )}
    </div>
  );
}
