import { z } from 'zod';
import { MEMBERSHIP_LEVELS } from '../membership/level.ts';
import { TASK_KEYS, TASK_KINDS } from '../membership/tasks.ts';
import { pageOf } from './common.schema.ts';

const LevelSchema = z.enum(MEMBERSHIP_LEVELS);
const TaskKeySchema = z.enum(TASK_KEYS as [string, ...string[]]);

/**
 * The spec's task states, one meaning each: available = its condition holds and a claim (or check-in) is accepted NOW;
 * pending = not yet, with progress n/m and what is missing (pendingReason); completed = credited (today, or ever for
 * an achievement); locked = cannot be done now, for the reason given (level or today's cap).
 */
export const TASK_STATES = ['completed', 'pending', 'available', 'locked'] as const;
export const TaskStateSchema = z.enum(TASK_STATES);
export type TaskState = z.infer<typeof TaskStateSchema>;

/** Why a task is locked: today's daily cap is used up, or the task needs a higher level. */
export const TaskLockSchema = z.enum(['dailyCap', 'level']);

/**
 * What a pending task is waiting for: nothing done yet (todo), part of its target (inProgress), the profile's name
 * and/or avatar, a share link nobody else has opened yet, an invited friend who has not verified their e-mail.
 */
export const PENDING_REASONS = [
  'todo',
  'inProgress',
  'profileNoName',
  'profileNoAvatar',
  'profileEmpty',
  'shareNotOpened',
  'friendNotVerified',
] as const;
export const PendingReasonSchema = z.enum(PENDING_REASONS);
export type PendingReason = z.infer<typeof PendingReasonSchema>;

export const TaskItemSchema = z.object({
  key: TaskKeySchema,
  kind: z.enum(TASK_KINDS),
  points: z.number().int(),
  state: TaskStateSchema,
  progress: z.object({ done: z.number().int(), target: z.number().int() }),
  lockedReason: TaskLockSchema.nullable(),
  /** With state 'pending': what it is waiting for. */
  pendingReason: PendingReasonSchema.nullable(),
  /** With lockedReason 'level': the lowest level that unlocks it. */
  requiredLevel: LevelSchema.nullable(),
  completedAt: z.string().nullable(),
});
export type TaskItem = z.infer<typeof TaskItemSchema>;

const DayCapSchema = z.object({ used: z.number().int(), limit: z.number().int(), points: z.number().int() });

/** GET /api/tasks: today's tasks for the signed-in user, evaluated on the server. */
export const TasksResponseSchema = z.object({
  day: z.object({
    /** The zone's date, YYYY-MM-DD. */
    key: z.string(),
    /** When daily counters reset (the zone's next midnight), ISO. */
    resetsAt: z.string(),
    /** "UTC+8" for Asia/Shanghai: shown as "resets at 00:00 UTC+8". */
    zoneLabel: z.string(),
    timeZone: z.string(),
  }),
  caps: z.object({ ads: DayCapSchema, daily: DayCapSchema }),
  streak: z.object({
    /** Consecutive days, ending today or yesterday, with at least one daily task credited. */
    current: z.number().int(),
    best: z.number().int(),
    bonusEvery: z.number().int(),
    bonusPoints: z.number().int(),
    /** Days of streak still needed for the next bonus (counting today if today is not yet done). */
    daysToBonus: z.number().int(),
    activeToday: z.boolean(),
  }),
  ads: z.object({
    /** False from premium up (ad-free) and in test mode at premium/vip. */
    shown: z.boolean(),
    minViewSeconds: z.number().int(),
  }),
  referral: z.object({
    code: z.string(),
    /** Path to share, e.g. /auth?mode=signup&ref=CODE (the web prefixes its origin). */
    path: z.string(),
    signedUp: z.number().int(),
    verified: z.number().int(),
  }),
  tasks: z.array(TaskItemSchema),
});
export type TasksResponse = z.infer<typeof TasksResponseSchema>;

export const HouseAdSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string(),
});
export type HouseAd = z.infer<typeof HouseAdSchema>;

/**
 * POST /api/tasks/ads/start: the user's one open view — a single-use token, creditable from creditableAt (server time).
 * Started again while it is open, the same token, ad and startedAt come back.
 */
export const AdStartResponseSchema = z.object({
  token: z.string(),
  ad: HouseAdSchema,
  minViewSeconds: z.number().int(),
  /** When this view opened (server time): a repeat start does not move it. */
  startedAt: z.string(),
  creditableAt: z.string(),
  /** Server time now, so the client's countdown does not depend on its own clock. */
  serverNow: z.string(),
});
export type AdStartResponse = z.infer<typeof AdStartResponseSchema>;

export const TokenClaimBodySchema = z.object({ token: z.string().min(1).max(200) });
export type TokenClaimBody = z.infer<typeof TokenClaimBodySchema>;

/** What every crediting POST answers: the points moved and the balance after. */
export const CreditResponseSchema = z.object({
  task: TaskKeySchema.or(z.literal('ad.watch')),
  points: z.number().int(),
  /** A streak bonus credited with this task (0 when none). */
  bonus: z.number().int(),
  balance: z.number().int(),
});
export type CreditResponse = z.infer<typeof CreditResponseSchema>;

export const ShareStartBodySchema = z.object({ projectId: z.string().min(1).max(200) });
/** POST /api/tasks/share/start: today's link for the project; the task counts when someone else opens it. */
export const ShareStartResponseSchema = z.object({
  token: z.string(),
  /** The link's path, e.g. /project/uniswap?share=TOKEN (the web prefixes its origin). */
  path: z.string(),
});
export type ShareStartResponse = z.infer<typeof ShareStartResponseSchema>;

/** POST /api/share-visits: a page opened from a share link reports the link's token (anyone, signed in or not). */
export const ShareVisitBodySchema = z.object({ token: z.string().min(1).max(200) });
/** Whether this visit counted for the sharer (false: their own, a repeat, unknown or another day's link). */
export const ShareVisitResponseSchema = z.object({ counted: z.boolean() });
export type ShareVisitResponse = z.infer<typeof ShareVisitResponseSchema>;

/** POST /api/tasks/claim: a task whose condition the server checks itself (e.g. a complete profile). */
export const TaskClaimBodySchema = z.object({ key: TaskKeySchema });

export const UserTaskSchema = z.object({
  key: z.string(),
  kind: z.string(),
  points: z.number().int(),
  completedAt: z.string(),
});
export const UserTasksQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
/** GET /api/me/tasks: the user's completed tasks, newest first (spec: default limit 50). */
export const UserTasksResponseSchema = pageOf(UserTaskSchema);
export type UserTasksResponse = z.infer<typeof UserTasksResponseSchema>;
