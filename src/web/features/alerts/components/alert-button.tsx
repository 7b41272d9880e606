import { type ReactNode, useState } from 'react';
import type { Alert } from '../../../../shared/api/alerts.schema.ts';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { AlertDialog, type AlertTarget } from './alert-dialog.tsx';

type AlertButtonProps = {
  target: AlertTarget;
  webhookAllowed: boolean;
  /** The page's lock panel for a visitor or a free user (shown instead of the dialog); null when alerts are open. */
  locked: ReactNode | null;
  onCreated?: (alert: Alert) => void;
};

/** "Alert" on a project or sector page: opens the create dialog, or a dialog with the lock panel naming the tier. */
export function AlertButton({ target, webhookAllowed, locked, onCreated }: AlertButtonProps) {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  return (
    <div data-slot="alert-button">
      <button
        type="button"
        className="btn-secondary inline-flex items-center gap-1.5"
        aria-expanded={open}
        title={t('buttonTitle', { target: t(`target.${target.type}`) })}
        onClick={() => setOpen(!open)}
      >
        <BellIcon size={16} />
        {t('button')}
      </button>
      {open && locked && (
        <Modal title={t('featureName')} onClose={() => setOpen(false)} slot="alert-locked" wide>
          {(close) => (
            <>
              {locked}
              <div className="flex justify-end">
                <button type="button" className="btn-secondary" onClick={close}>
                  {t('dialog.close')}
                </button>
              </div>
            </>
          )}
        </Modal>
      )}
      {open && !locked && (
        <AlertDialog
          target={target}
          webhookAllowed={webhookAllowed}
          onClose={() => setOpen(false)}
          onCreated={onCreated}
        />
      )}
    </div>
  );
}
