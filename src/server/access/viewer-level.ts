import type { FastifyRequest } from 'fastify';
import {
  canReadHistoryRange,
  canUse,
  computeEffectiveLevel,
  type Feature,
  HISTORY_RANGE_MIN_LEVEL,
  type HistoryRangeKey,
  type MembershipLevel,
  minimumLevelFor,
} from '../../shared/membership/level.ts';
import { AppError } from '../errors.ts';

export type Viewer = {
  /** Null for a visitor. */
  userId: string | null;
  /** The level every permission and quota check uses: test mode's preview when on, else the effective level. */
  level: MembershipLevel;
  /** The stored truth (points level vs a running paid plan), whatever test mode shows. */
  actualLevel: MembershipLevel;
  /** Test mode's previewed level, or null when off. */
  testLevel: MembershipLevel | null;
};

/**
 * Who is asking and at which level, from the session alone (its lookup already read the profile's points and plan).
 * Every permission and quota check goes through here, so test mode and an expiring plan apply everywhere at once.
 */
export function viewerOf(request: FastifyRequest, now: Date): Viewer {
  const auth = request.auth;
  if (!auth) return { userId: null, level: 'free', actualLevel: 'free', testLevel: null };
  const actualLevel = auth.plan ? computeEffectiveLevel(auth.plan, now) : 'free';
  return { userId: auth.user.id, level: auth.testLevel ?? actualLevel, actualLevel, testLevel: auth.testLevel };
}

/** Throws the locked-feature error: the upgrade message names the lowest tier that includes the feature. */
export function assertCanUse(viewer: Viewer, feature: Feature): void {
  if (canUse(viewer.level, feature)) return;
  if (!viewer.userId) throw new AppError('SIGN_IN_REQUIRED', {}, { feature });
  const requiredLevel = minimumLevelFor(feature);
  throw new AppError(requiredLevel === 'vip' ? 'FEATURE_LOCKED_VIP' : 'FEATURE_LOCKED', {}, { feature, requiredLevel });
}

/**
 * Throws 403 HISTORY_RANGE_LOCKED when the viewer's level may not read this heat history range (visitors included:
 * they read the free ranges, and the message says which level the longer ones need).
 */
export function assertCanReadHistory(viewer: Viewer, range: HistoryRangeKey): void {
  if (canReadHistoryRange(viewer.level, range)) return;
  throw new AppError(
    'HISTORY_RANGE_LOCKED',
    {},
    {
      feature: 'historical_data',
      range,
      requiredLevel: HISTORY_RANGE_MIN_LEVEL[range],
      signedIn: viewer.userId !== null,
    },
  );
}

/**
 * onRequest guard of a user's own rows that every level may still read, pause and delete (notifications; alerts and
 * saved searches made on a plan that has since ended): a visitor gets 401, any signed-in level passes.
 */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  if (request.auth) return;
  throw new AppError(request.authExpired ? 'SESSION_EXPIRED' : 'SIGN_IN_REQUIRED');
}

/** onRequest guard for a route that needs a feature: 401 SIGN_IN_REQUIRED for a visitor, 403 for a lower level. */
export function requireFeature(feature: Feature) {
  return async (request: FastifyRequest): Promise<void> => assertCanUse(viewerOf(request, new Date()), feature);
}
