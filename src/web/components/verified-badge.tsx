import { useId } from 'react';
import type { Verification } from '../../shared/api/common.schema.ts';
import { formatDate } from '../lib/format.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { Badge } from './ui/badge.tsx';

/**
 * The verified mark, shown only for a recorded verification (docs/verification.md), with a tooltip saying what it
 * means: X reports the official account as an organisation, or who reviewed the entry against the official site and
 * when. The tooltip opens on hover and on keyboard focus; it takes no space while closed (no overflow at 390 px).
 */
export function VerifiedBadge({ verification }: { verification: Verification | null }) {
  const { t } = useTranslation('provenance');
  const id = useId();
  if (!verification) return null;
  const date = formatDate(verification.at);
  const meaning =
    verification.method === 'x'
      ? t('verified.x', { by: verification.by, date })
      : t('verified.siteReview', { by: verification.by, date });
  const note =
    verification.method === 'site-review' && verification.note ? t('verified.note', { note: verification.note }) : null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can open the tooltip
    <span className="group relative inline-flex" tabIndex={0} aria-describedby={id} data-verified-badge="">
      <Badge tone="green">
        <svg viewBox="0 0 20 20" width="12" height="12" aria-hidden="true" fill="currentColor">
          <path d="M10 1.5 12.4 3l2.8-.2.9 2.7 2.3 1.6-.9 2.7.9 2.7-2.3 1.6-.9 2.7-2.8-.2L10 18.5 7.6 17l-2.8.2-.9-2.7-2.3-1.6.9-2.7-.9-2.7 2.3-1.6.9-2.7 2.8.2zm-1.2 11.3 5-5-1.1-1.1-3.9 3.9-1.8-1.8L5.9 10z" />
        </svg>
        {t('verified.label')}
      </Badge>
      <span
        role="tooltip"
        id={id}
        className="absolute top-full left-0 z-30 mt-1 hidden w-60 max-w-[80vw] rounded-md bg-gray-900 px-3 py-2 text-xs leading-5 font-normal whitespace-normal text-white shadow-lg group-focus-within:block group-hover:block dark:bg-gray-700"
      >
        {meaning}
        {note && <span className="mt-1 block text-gray-300">{note}</span>}
      </span>
    </span>
  );
}
