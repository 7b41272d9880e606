import { type Language, translate } from '../../../shared/locales/index.ts';
import { AppError } from '../../errors.ts';

/** How many of the ranked list's entries count as "common" (ASVS 2.1.7: at least the top 10,000). */
export const COMMON_PASSWORD_COUNT = 10_000;

// The list ships with @zxcvbn-ts/language-common (ranked, most common first; a maintained package, bundled, so the
// check needs no network). Loaded on first use: it costs ~60 ms to decompress, which start-up need not pay.
let common: Promise<Set<string>> | undefined;
function loadCommonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT)),
  );
  return common;
}

/** True when the password (case-insensitively: the list is lower-case) is one of the 10,000 most common. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.normalize('NFKC').toLowerCase());
}

function refuse(lang: Language, key: 'auth.validation.commonPassword' | 'auth.validation.passwordTooWeak'): never {
  const message = translate(lang, key);
  throw new AppError('VALIDATION_FAILED', { reason: `password: ${message}` }, [{ field: 'password', message }]);
}

/**
 * The server half of the policy for a newly chosen password (sign-up, reset, verification, change): the shared schema
 * already checked the length. One of the 10,000 most common passwords is refused as such; any other whose strength
 * estimate is below MIN_PASSWORD_SCORE (shared/password-strength.ts, the meter's function) as "Password is too weak".
 * Throws 400 VALIDATION_FAILED with a `password` field error, the same shape as a schema failure.
 */
export async function assertPasswordAllowed(password: string, lang: Language, email?: string | null): Promise<void> {
  if (await isCommonPassword(password)) refuse(lang, 'auth.validation.commonPassword');
  // Loaded on first use, like the list: the estimator's dictionaries are large.
  const { isStrongEnough, scorePassword } = await import('../../../shared/password-strength.ts');
  if (!isStrongEnough(scorePassword(password, email ? [email] : []))) refuse(lang, 'auth.validation.passwordTooWeak');
}
