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

/**
 * The server half of the policy for a newly chosen password (sign-up, reset): the shared schema already checked the
 * length. Throws 400 VALIDATION_FAILED with a `password` field error, the same shape as a schema failure.
 */
export async function assertPasswordNotCommon(password: string, lang: Language): Promise<void> {
  if (!(await isCommonPassword(password))) return;
  const message = translate(lang, 'auth.validation.commonPassword');
  throw new AppError('VALIDATION_FAILED', { reason: `password: ${message}` }, [{ field: 'password', message }]);
}
