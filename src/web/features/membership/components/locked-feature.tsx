import { Link, useLocation } from 'react-router';
import { ShieldIcon } from '../../../components/ui/icons.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { LockReason } from '../lock-reason.ts';

type LockedFeatureProps = {
  reason: LockReason;
  /** The feature's name, shown above the message (e.g. "Custom filters"). */
  title?: string;
};

/**
 * The one "you cannot use this yet" panel: the spec's upgrade message naming the tier needed, the sign-in prompt for
 * a visitor, or a used-up quota with when it resets. The texts are the server's error messages (errors namespace); the links' are the shell's (every page may show it).
 */
export function LockedFeature({ reason, title }: LockedFeatureProps) {
  const { t } = useTranslation(['errors', 'app']);
  const { pathname, search } = useLocation();
  const message =
    reason.kind === 'signIn'
      ? t('errors:SIGN_IN_REQUIRED')
      : reason.kind === 'locked'
        ? t(reason.level === 'vip' ? 'errors:FEATURE_LOCKED_VIP' : 'errors:FEATURE_LOCKED')
        : t(`errors:${reason.code}`, { limit: reason.limit });
  return (
    <div
      role="note"
      data-slot="locked-feature"
      data-lock={reason.kind}
      className="flex flex-wrap items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <ShieldIcon size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        <p>{message}</p>
        {reason.kind === 'limit' && reason.resetsAt && (
          <p className="text-xs">{t('app:locked.resetsAt', { time: formatDateTime(reason.resetsAt) })}</p>
        )}
      </div>
      {reason.kind === 'signIn' ? (
        <Link to={`/auth?returnTo=${encodeURIComponent(pathname + search)}`} className="btn-primary shrink-0">
          {t('app:locked.signIn')}
        </Link>
      ) : (
        <div className="flex shrink-0 flex-wrap gap-2">
          <Link to="/membership" className="btn-secondary">
            {t('app:locked.upgrade')}
          </Link>
          {/* A used-up allowance: points from tasks raise the level, and with it the limit (spec §6). */}
          {reason.kind === 'limit' && (
            <Link to="/tasks" className="btn-secondary">
              {t('app:locked.earnPoints')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
