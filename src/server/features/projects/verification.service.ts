import type { Db } from '../../db/client.ts';
import type { ProjectVerification } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { selectProjectVerification, updateProjectVerification, updateXVerification } from './verification.queries.ts';

/**
 * X account types that stand for the organisation itself (gold check: business, grey check: government). A blue
 * check is a paid subscription anyone can buy, so it does not make a project verified (docs/verification.md).
 */
export const X_VERIFIED_TYPES: readonly string[] = ['business', 'government'];

export type XAccountFacts = { username: string; verified: boolean; verifiedType: string | null };

/**
 * Whether X's answer about an account makes the project verified: only an organisation check (`verified_type`
 * business or government). A `verified: true` without a type (an answer in X's pre-2023 shape, when the flag meant
 * the legacy blue check) proves no organisation, so it verifies nothing (docs/verification.md).
 */
export function isXVerified(facts: XAccountFacts): boolean {
  return facts.verifiedType !== null && X_VERIFIED_TYPES.includes(facts.verifiedType);
}

export type SiteReviewInput = { by: string; note?: string; at: Date };

/**
 * Records an operator's review of the project's catalogue entry against its own site; throws PROJECT_NOT_FOUND.
 * The social score's verified bonus follows on the next heat recompute (hourly, or `npm run recompute`).
 */
export async function recordSiteReview(
  db: Db,
  id: string,
  input: SiteReviewInput,
  events?: EventBus,
): Promise<ProjectVerification> {
  const by = input.by.trim();
  if (!by) throw new AppError('VALIDATION_FAILED', {}, { field: 'by' });
  const note = input.note?.trim();
  const verification: ProjectVerification = {
    method: 'site-review',
    by,
    at: input.at.toISOString(),
    ...(note ? { note } : {}),
  };
  if (!(await updateProjectVerification(db, id, verification))) throw new AppError('PROJECT_NOT_FOUND', { id });
  await events?.publish({ type: 'projects.updated', ids: [id] });
  return verification;
}

/** Removes any verification (review or X); returns what was removed (null if none); throws PROJECT_NOT_FOUND. */
export async function removeVerification(db: Db, id: string, events?: EventBus): Promise<ProjectVerification | null> {
  const row = await selectProjectVerification(db, id);
  if (!row) throw new AppError('PROJECT_NOT_FOUND', { id });
  await updateProjectVerification(db, id, null);
  await events?.publish({ type: 'projects.updated', ids: [id] });
  return row.verification;
}

/** Applies what X reported about the project's official account (never touches an operator's site review). */
export async function applyXVerification(db: Db, id: string, facts: XAccountFacts, at: Date): Promise<void> {
  const verification: ProjectVerification | null = isXVerified(facts)
    ? {
        method: 'x',
        by: `@${facts.username}`,
        at: at.toISOString(),
        ...(facts.verifiedType ? { note: facts.verifiedType } : {}),
      }
    : null;
  await updateXVerification(db, id, verification);
}
