// The task catalogue and its constants (spec §3, §5, §9). The server credits from this table; the web labels tasks
// by key (locales tasks.items.<key>). Amounts and caps are the spec's.
import type { Feature } from './level.ts';

export const POINTS_PER_AD = 10;
export const ADS_PER_DAY = 10;
export const POINTS_PER_DAILY_TASK = 50;
export const DAILY_TASKS_PER_DAY = 5;
export const POINTS_PER_ACHIEVEMENT = 100;
/** An achievement-type credit for a user's data correction an admin accepted (reason `correction.accepted`). */
export const POINTS_PER_ACCEPTED_CORRECTION = 50;
/** The spec's default page size of a user's task list. */
export const USER_TASKS_PAGE_SIZE = 50;

/** Streak bonus: every STREAK_BONUS_EVERY consecutive days with at least one daily task credit STREAK_BONUS_POINTS. */
export const STREAK_BONUS_EVERY = 7;
export const STREAK_BONUS_POINTS = 100;

/** Project pages a user must open (distinct, in one day) for the "view projects" daily task. */
export const PROJECT_VIEWS_TARGET = 5;

export const TASK_KINDS = ['daily', 'achievement'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/**
 * Every task. `target` > 1 → progress counted on the server (distinct items per day); `feature` → the task needs that
 * feature (locked below its level); `available: false` → the action it rewards does not exist yet (a later issue wires
 * exports), so the task is not listed.
 */
export const TASKS = {
  'daily.check_in': { kind: 'daily', target: 1 },
  'daily.share_project': { kind: 'daily', target: 1 },
  'daily.view_projects': { kind: 'daily', target: PROJECT_VIEWS_TARGET },
  'daily.run_search': { kind: 'daily', target: 1 },
  'daily.view_sector': { kind: 'daily', target: 1 },
  'daily.view_history': { kind: 'daily', target: 1, feature: 'historical_data' },
  'daily.add_watchlist': { kind: 'daily', target: 1, feature: 'portfolio_tracking' },
  'achievement.complete_profile': { kind: 'achievement', target: 1 },
  'achievement.invite_friend': { kind: 'achievement', target: 1 },
  'achievement.first_watchlist': { kind: 'achievement', target: 1 },
  'achievement.first_export': { kind: 'achievement', target: 1, feature: 'export_data', available: false },
} as const satisfies Record<string, { kind: TaskKind; target: number; feature?: Feature; available?: boolean }>;
export type TaskKey = keyof typeof TASKS;
export const TASK_KEYS = Object.keys(TASKS) as TaskKey[];

export function taskPoints(key: TaskKey): number {
  return TASKS[key].kind === 'daily' ? POINTS_PER_DAILY_TASK : POINTS_PER_ACHIEVEMENT;
}
