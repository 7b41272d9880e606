import { canUse, type Feature, type MembershipLevel, minimumLevelFor } from '../../../shared/membership/level.ts';
import { ApiError } from '../../lib/api-client.ts';

/** Why a gated action is refused: the web mirrors the server's answer, it never decides alone. */
export type LockReason =
  | { kind: 'signIn' }
  | { kind: 'locked'; level: Exclude<MembershipLevel, 'free'> }
  | {
      kind: 'limit';
      code: 'SEARCH_LIMIT_REACHED' | 'EXPORT_LIMIT_REACHED' | 'API_LIMIT_REACHED';
      limit: number;
      resetsAt: string | null;
    };

const LIMIT_CODES = ['SEARCH_LIMIT_REACHED', 'EXPORT_LIMIT_REACHED', 'API_LIMIT_REACHED'] as const;

/** The lock behind a server refusal (401 SIGN_IN_REQUIRED, 403 FEATURE_LOCKED(_VIP), 429 *_LIMIT_REACHED), else null. */
export function lockReasonOf(error: unknown): LockReason | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'SIGN_IN_REQUIRED') return { kind: 'signIn' };
  if (error.code === 'FEATURE_LOCKED') return { kind: 'locked', level: 'premium' };
  if (error.code === 'FEATURE_LOCKED_VIP') return { kind: 'locked', level: 'vip' };
  const code = LIMIT_CODES.find((c) => c === error.code);
  if (!code) return null;
  const details = (error.details ?? {}) as { limit?: unknown; resetsAt?: unknown };
  return {
    kind: 'limit',
    code,
    limit: typeof details.limit === 'number' ? details.limit : 0,
    resetsAt: typeof details.resetsAt === 'string' ? details.resetsAt : null,
  };
}

/** The same lock the server would apply for a feature at a level (null level = visitor); null when allowed. */
export function lockReasonFor(feature: Feature, level: MembershipLevel | null): LockReason | null {
  if (level !== null && canUse(level, feature)) return null;
  if (level === null) return { kind: 'signIn' };
  const needed = minimumLevelFor(feature);
  return { kind: 'locked', level: needed === 'vip' ? 'vip' : 'premium' };
}
