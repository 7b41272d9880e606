import type { PendingReason, TaskItem } from '../../../shared/api/tasks.schema.ts';
import type { MembershipLevel } from '../../../shared/membership/level.ts';
import type { TaskKind } from '../../../shared/membership/tasks.ts';

/** What the server knows about one task for one user, today. */
export type TaskFacts = {
  kind: TaskKind;
  /** When it was credited (today for a daily task, ever for an achievement); null when not. */
  completedAt: Date | null;
  /** The lowest level that unlocks it when the viewer's level does not; null when the level is enough. */
  requiredLevel: MembershipLevel | null;
  /** Today's daily tasks are used up (daily tasks only lock on it). */
  dailyCapReached: boolean;
  /** The condition the server checks before crediting holds now: a claim or check-in would be accepted. */
  conditionMet: boolean;
  /** Distinct items reached towards the target (shown as n/m). */
  progress: number;
  target: number;
  /** What is missing while the condition does not hold (todo when nothing is started). */
  waitingFor: PendingReason;
};

type DerivedState = Pick<TaskItem, 'state' | 'progress' | 'lockedReason' | 'pendingReason' | 'requiredLevel'>;

/**
 * The one place a task's state is decided, in this order: completed (credited) → locked (level, then today's daily
 * cap: a claim would be refused) → available (the condition holds: a claim is accepted now) → pending (with n/m and
 * what is missing). So "available" is never shown on a task the server would refuse.
 */
export function deriveTaskState(facts: TaskFacts): DerivedState {
  const { target } = facts;
  const none = { lockedReason: null, pendingReason: null, requiredLevel: null };
  if (facts.completedAt) return { ...none, state: 'completed', progress: { done: target, target } };
  const met = facts.conditionMet;
  const progress = { done: met ? target : Math.min(Math.max(0, facts.progress), target), target };
  if (facts.requiredLevel) {
    return { ...none, state: 'locked', progress, lockedReason: 'level', requiredLevel: facts.requiredLevel };
  }
  if (facts.kind === 'daily' && facts.dailyCapReached) {
    return { ...none, state: 'locked', progress, lockedReason: 'dailyCap' };
  }
  if (met) return { ...none, state: 'available', progress };
  return { ...none, state: 'pending', progress, pendingReason: facts.waitingFor };
}
