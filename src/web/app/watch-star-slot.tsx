import type { ReactNode } from 'react';
import type { ProjectListItem } from '../../shared/api/projects.schema.ts';
import { useSession } from '../features/auth/api.ts';
import { LockedFeature } from '../features/membership/components/locked-feature.tsx';
import { lockReasonOf } from '../features/membership/lock-reason.ts';
import { WatchStar } from '../features/watchlists/components/watch-star.tsx';

/**
 * The directory rows' watchlist star, composed here (features never import each other): signed-in users only (a
 * visitor sees no star, nothing to fail); a free user's click opens the premium lock with its way up, never nothing.
 */
export function useWatchStar(lockTitle: string): ((project: ProjectListItem) => ReactNode) | undefined {
  const signedIn = Boolean(useSession().data?.user);
  if (!signedIn) return undefined;
  return (project) => (
    <WatchStar
      projectId={project.id}
      projectName={project.name}
      renderRefusal={(error) => {
        const reason = lockReasonOf(error);
        return reason ? <LockedFeature reason={reason} title={lockTitle} /> : <p role="alert">{error.message}</p>;
      }}
    />
  );
}
