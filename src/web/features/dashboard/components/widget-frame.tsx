import type { ReactNode } from 'react';
import type { WidgetSize } from '../../../../shared/api/dashboard.schema.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export type FrameAction = 'up' | 'down' | 'resize' | 'remove';

type WidgetFrameProps = {
  id: string;
  /** The widget's name as shown and read out ("Watchlist · Core"). */
  name: string;
  size: WidgetSize;
  position: number;
  count: number;
  busy: boolean;
  onMove: (delta: -1 | 1) => void;
  onResize: () => void;
  onRemove: () => void;
  children: ReactNode;
};

/**
 * One widget's card: its name, and the arrange buttons (plain buttons, so the keyboard and screen readers can do all a
 * mouse can: no drag). Wide spans both columns from md up; a phone shows one column whatever the size.
 */
export function WidgetFrame(props: WidgetFrameProps) {
  const { t } = useTranslation('dashboard');
  const { id, name, size, position, count, busy } = props;
  const headingId = `widget-${id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      data-widget-id={id}
      data-size={size}
      className={`card flex min-w-0 flex-col gap-3 p-4 ${size === 'wide' ? 'md:col-span-2' : ''}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="break-words text-base font-semibold">
            {name}
          </h2>
          <p className="muted text-xs">{t('controls.position', { position, count })}</p>
        </div>
        <fieldset aria-label={t('controls.group', { name })} className="m-0 flex min-w-0 flex-wrap gap-1 border-0 p-0">
          <FrameButton
            action="up"
            unavailable={busy || position === 1}
            label={t('controls.moveUpLabel', { name })}
            onPress={() => props.onMove(-1)}
          >
            ↑ {t('controls.moveUp')}
          </FrameButton>
          <FrameButton
            action="down"
            unavailable={busy || position === count}
            label={t('controls.moveDownLabel', { name })}
            onPress={() => props.onMove(1)}
          >
            ↓ {t('controls.moveDown')}
          </FrameButton>
          <FrameButton
            action="resize"
            unavailable={busy}
            label={t(size === 'wide' ? 'controls.makeSmallLabel' : 'controls.makeWideLabel', { name })}
            onPress={props.onResize}
          >
            {t(size === 'wide' ? 'controls.makeSmall' : 'controls.makeWide')}
          </FrameButton>
          <FrameButton
            action="remove"
            unavailable={busy}
            label={t('controls.removeLabel', { name })}
            onPress={props.onRemove}
          >
            {t('controls.remove')}
          </FrameButton>
        </fieldset>
      </header>
      <div className="min-w-0">{props.children}</div>
    </article>
  );
}

type FrameButtonProps = {
  action: FrameAction;
  unavailable: boolean;
  label: string;
  onPress: () => void;
  children: ReactNode;
};

/**
 * aria-disabled, not disabled: a disabled button drops keyboard focus (while a save runs, or when a move made it the
 * first), and the user pressing Enter again and again must stay on it.
 */
function FrameButton({ action, unavailable, label, onPress, children }: FrameButtonProps) {
  return (
    <button
      type="button"
      data-action={action}
      className="btn-secondary px-2 py-1 text-xs aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      aria-disabled={unavailable}
      aria-label={label}
      onClick={() => {
        if (!unavailable) onPress();
      }}
    >
      {children}
    </button>
  );
}

/** "As of <time> · <source>", or that it is not computed yet: every widget's figures say where and when from. */
export function SourceLine({ asOf, source }: { asOf: string | null; source: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <p className="muted mt-2 text-xs" data-source-line>
      {asOf === null ? t('source.noAsOf', { source }) : t('source.asOf', { date: formatDateTime(asOf), source })}
    </p>
  );
}
