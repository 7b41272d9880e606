import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useDismissPopover } from '../../../lib/use-dismiss-popover.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { notificationKeys, useUnreadCount } from '../api.ts';
import { BellPanel } from './bell-panel.tsx';

/** "9+" above nine. */
export const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

const BellIcon = () => (
  <svg
    width={20}
    height={20}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

/**
 * The header bell (signed-in users only; the navbar decides, and loads it with its texts after the page: visitors
 * never download it): the unread count, and a dropdown of the latest.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const { data, isStale, refetch } = useUnreadCount();
  const unread = data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const queryClient = useQueryClient();

  // The bell leaves the header when the session ends: drop this user's notifications with it, so the next user to sign
  // in on this tab never sees them, not even for a moment. (Checked a tick later: a remount — StrictMode — keeps them.)
  useEffect(
    () => () => {
      setTimeout(() => {
        const count = queryClient.getQueryCache().find({ queryKey: notificationKeys.unread() });
        if (!count?.getObserversCount()) queryClient.removeQueries({ queryKey: notificationKeys.all });
      }, 0);
    },
    [queryClient],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation by design
  useEffect(() => setOpen(false), [location.pathname]);

  // A new page is a cheap moment to look again (when the count is older than its stale time): an alert fired by the
  // last recompute shows on the next click, not only on the next poll.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => {
    if (isStale) void refetch();
  }, [location.pathname]);

  useDismissPopover(open, () => setOpen(false), panelRef, buttonRef);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn-ghost relative px-2"
        aria-label={unread > 0 ? t('bell.unread', { count: unread }) : t('bell.label')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notification-bell"
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon />
        {unread > 0 && (
          <span
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white"
            aria-hidden="true"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <section
          ref={panelRef}
          id={panelId}
          aria-label={t('title')}
          // On a phone the panel spans the screen under the bar; from sm it hangs from the bell.
          className="card fixed inset-x-2 top-16 z-50 overflow-hidden p-0 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-[22rem]"
        >
          <BellPanel onClose={() => setOpen(false)} />
        </section>
      )}
    </div>
  );
}
