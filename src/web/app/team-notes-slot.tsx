import { useSession } from '../features/auth/api.ts';
import { TeamNotesPanel } from '../features/team-sharing/components/team-notes-panel.tsx';

/** The project page's "Team notes": asked for only when signed in; the panel shows itself to team members only. */
export function TeamNotesSlot({ projectId }: { projectId: string }) {
  const signedIn = Boolean(useSession().data?.user);
  return <TeamNotesPanel projectId={projectId} enabled={signedIn} />;
}
