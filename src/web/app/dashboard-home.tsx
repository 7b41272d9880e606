import { Navigate, useLocation } from 'react-router';
import { canUse } from '../../shared/membership/level.ts';
import { useSession } from '../features/auth/api.ts';
import { useDashboard } from '../features/dashboard/api.ts';

/** The state the sign-in page navigates to / with, so the signed-in home applies right after signing in too. */
export const SIGNED_IN_STATE = { signedIn: true } as const;

/**
 * The signed-in home (dashboard's "open my dashboard when I come to the home page or sign in"): on arriving at / (the
 * first page of this visit, or right after sign-in) a user whose level includes the dashboard and who chose it goes to
 * /dashboard. A later click on Home or the logo is not an arrival, so the home page stays reachable.
 */
export function DashboardHomeRedirect() {
  const location = useLocation();
  const session = useSession();
  const level = session.data?.membership.level;
  const state = location.state as { signedIn?: unknown } | null;
  const arriving = location.key === 'default' || state?.signedIn === true;
  const allowed = level !== undefined && canUse(level, 'custom_dashboard');
  const layout = useDashboard(arriving && allowed);
  if (arriving && allowed && layout.data?.homeDashboard) return <Navigate to="/dashboard" replace />;
  return null;
}
