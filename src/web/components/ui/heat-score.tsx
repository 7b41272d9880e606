import { EVIDENCE_SIGNAL_TOTAL, MIN_EVIDENCE_SIGNALS } from '../../../shared/scoring/weights.ts';
import { formatScore } from '../../lib/format.ts';
import { useChangeFlash } from '../../lib/use-change-flash.ts';
import { useTranslation } from '../../lib/use-translation.ts';

type HeatScoreProps = {
  /** The score; null = not scored ("not enough data"), e.g. a project below the minimum evidence rule. */
  value: number | null | undefined;
  label: string;
  size?: 'sm' | 'lg';
  /** Raw heat inputs with data (a project's evidenceCount): shown beside the score as "5 of 17 signals". */
  evidence?: number;
  /**
   * What a null score reads: "not enough data" (heat: below the minimum evidence rule, the default) or "no data"
   * (social: no profile read), with `missingTitle` as its explanation on hover.
   */
  missing?: 'notEnoughData' | 'noData';
  missingTitle?: string;
  /**
   * A dense table's form: the signal count as "2/17" (the full words for screen readers and in the tooltip), shown
   * from sm up only, and "Unscored" for "Not enough data" (on a phone every pixel of width goes to the figures).
   */
  compact?: boolean;
};

// Colour bands for a score ∈ [0, 100]; the number itself is always shown, colour is only a hint.
function toneFor(value: number): string {
  if (value >= 80) return 'bg-red-600 text-white';
  if (value >= 60) return 'bg-orange-500 text-gray-950';
  if (value >= 40) return 'bg-amber-300 text-gray-950';
  return 'bg-gray-200 text-gray-900 dark:bg-gray-700 dark:text-gray-100';
}
const NOT_SCORED_TONE = 'border border-dashed border-gray-300 text-gray-600 dark:border-gray-600 dark:text-gray-300';

/**
 * A score pill; `label` names the score for screen readers ("Heat score"). A null score reads "not enough data"
 * (never a number), and `evidence` adds the signal count with a tooltip explaining the minimum evidence rule. The
 * texts are the app-wide `app:score.*` keys, so every page says it the same way.
 */
export function HeatScore({
  value,
  label,
  size = 'sm',
  evidence,
  missing = 'notEnoughData',
  missingTitle,
  compact = false,
}: HeatScoreProps) {
  const { t } = useTranslation('app');
  const scored = value !== null && value !== undefined;
  const tone = scored ? toneFor(value) : NOT_SCORED_TONE;
  const dims = size === 'lg' ? 'min-w-16 px-3 py-1.5 text-2xl' : 'min-w-12 px-2 py-0.5 text-sm';
  const text = size === 'lg' && !scored ? 'text-base' : '';
  // A live update that moved the score rings it for a moment (the page was not reloaded: say what changed).
  const changed = useChangeFlash(value);
  const flash = changed ? 'ring-2 ring-brand-500 ring-offset-1 dark:ring-offset-gray-900' : '';
  const pill = (
    <span
      className={`inline-flex items-center justify-center rounded-lg font-semibold whitespace-nowrap tabular-nums transition-shadow ${dims} ${text} ${tone} ${flash}`}
      title={scored ? label : (missingTitle ?? label)}
      data-scored={scored}
      data-changed={changed || undefined}
    >
      <span className="sr-only">{label}: </span>
      {scored ? (
        formatScore(value)
      ) : compact && missing === 'notEnoughData' ? (
        <>
          <span aria-hidden="true">{t('score.notEnoughDataShort')}</span>
          <span className="sr-only">{t('score.notEnoughData')}</span>
        </>
      ) : (
        t(`score.${missing}`)
      )}
    </span>
  );
  if (evidence === undefined) return pill;
  const counts = { n: evidence, total: EVIDENCE_SIGNAL_TOTAL, min: MIN_EVIDENCE_SIGNALS };
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1">
      {pill}
      <span
        className={`muted text-xs whitespace-nowrap tabular-nums ${compact ? 'hidden sm:inline' : ''}`}
        title={t('score.evidenceTitle', counts)}
      >
        {compact ? (
          <>
            <span aria-hidden="true">{`${counts.n}/${counts.total}`}</span>
            <span className="sr-only">{t('score.evidence', counts)}</span>
          </>
        ) : (
          t('score.evidence', counts)
        )}
      </span>
    </span>
  );
}
