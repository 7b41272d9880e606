import { EMPTY, isMissing } from '../../lib/format.ts';
import { useTranslation } from '../../lib/use-translation.ts';

export type NoValueReason = 'noData' | 'notListed' | 'notScored';

type NoValueProps = {
  /** Why the value is missing; "noData" (no source has answered yet) unless told otherwise. */
  reason?: NoValueReason;
  /** A reason in the caller's words instead of one of the shared ones. */
  text?: string;
};

/**
 * An empty value: "—" on screen, the reason on hover (title) and for screen readers (the dash itself is hidden
 * from them, so they hear "No data from any source yet", not "em dash").
 */
export function NoValue({ reason = 'noData', text }: NoValueProps) {
  const { t } = useTranslation('app');
  const label = text ?? t(`figures.${reason}`);
  return (
    // relative: the sr-only text is positioned inside this span, so a scrolling table clips it (an absolutely
    // positioned child of an unpositioned scroller would widen the page instead).
    <span title={label} data-empty-value={reason} className="muted relative cursor-help">
      <span aria-hidden="true">{EMPTY}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

type FigureProps = {
  value: number | null | undefined;
  format: (value: number) => string;
  reason?: NoValueReason;
};

/** A formatted number, or NoValue with its reason when there is none. */
export function Figure({ value, format, reason }: FigureProps) {
  if (isMissing(value)) return <NoValue reason={reason} />;
  return <span>{format(value)}</span>;
}
