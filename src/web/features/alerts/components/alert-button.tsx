import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { AlertDialog, type AlertTarget } from './alert-dialog.tsx';

type AlertButtonProps = {
  target: AlertTarget;
  webhookAllowed: boolean;
  /** The page's lock panel for a visitor or a free user (shown instead of the dialog); null when alerts are open. */
  locked: ReactNode | null;
};

/** "Alert" on a project or sector page: opens the create dialog, or the lock panel naming the tier needed. */
export function AlertButton({ target, webhookAllowed, locked }: AlertButtonProps) {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-2" data-slot="alert-button">
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
      {open && locked}
      {open && !locked && (
        <AlertDialog target={target} webhookAllowed={webhookAllowed} onClose={() => setOpen(false)} />
      )}
    </div>
  );
}
