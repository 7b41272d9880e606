import type { PendingReason } from '../../../shared/api/tasks.schema.ts';
import { TASKS, type TaskKey } from '../../../shared/membership/tasks.ts';
import type { TaskProfile } from './tasks.queries.ts';

/** What getTasks read for one user today: the inputs of every task's condition. */
export type ConditionInputs = {
  profile: NonNullable<TaskProfile>;
  /** Distinct items per progress task today. */
  events: Map<string, number>;
  referral: { signedUp: number; verified: number };
  share: { started: boolean; opened: boolean };
  watchedToday: boolean;
  watchedEver: boolean;
};

export type TaskCondition = { met: boolean; progress: number; waitingFor: PendingReason };

const has = (value: string | null | undefined) => !!value?.trim();

/**
 * Each task's condition — the same checks claimTask and the automatic credits make — with its progress and, when it
 * does not hold, what is missing. A pure function of what was read, so the list and the claim cannot disagree.
 */
export function taskConditions(inputs: ConditionInputs): (key: TaskKey) => TaskCondition {
  const { profile, events, referral, share } = inputs;
  const flag = (met: boolean, started = false): TaskCondition => ({
    met,
    progress: met ? 1 : 0,
    waitingFor: started ? 'inProgress' : 'todo',
  });
  return (key) => {
    switch (key) {
      case 'daily.check_in':
        return flag(true);
      case 'daily.share_project':
        return {
          met: share.opened,
          progress: share.opened ? 1 : 0,
          waitingFor: share.started ? 'shareNotOpened' : 'todo',
        };
      case 'daily.add_watchlist':
        return flag(inputs.watchedToday);
      case 'achievement.first_watchlist':
        return flag(inputs.watchedEver);
      case 'achievement.complete_profile': {
        const name = has(profile.name);
        const avatar = has(profile.avatarUrl);
        const waitingFor = name ? 'profileNoAvatar' : avatar ? 'profileNoName' : 'profileEmpty';
        return { met: name && avatar, progress: name && avatar ? 1 : 0, waitingFor };
      }
      case 'achievement.invite_friend':
        return {
          met: referral.verified > 0,
          progress: Math.min(referral.verified, 1),
          waitingFor: referral.signedUp > 0 ? 'friendNotVerified' : 'todo',
        };
      case 'achievement.first_export':
        return flag(false);
      default: {
        const done = events.get(key) ?? 0;
        return { met: done >= TASKS[key].target, progress: done, waitingFor: done > 0 ? 'inProgress' : 'todo' };
      }
    }
  };
}
