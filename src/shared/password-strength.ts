import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The lowest zxcvbn-ts score a newly chosen password may have. Scores are 0–4, by the estimated number of guesses:
 * 3 means at least 10^8, zxcvbn's "safely unguessable" bar against an offline attack on a slow hash (our scrypt), and
 * the meter's "strong". Below it a password is refused ("Password is too weak") however long: `aaaaaaaaaaaa`,
 * `123456789012`, `password1234` and `passwordpassword` all score 0–1.
 */
export const MIN_PASSWORD_SCORE = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

// Large (the ranked dictionaries, ~400 kB raw): the web imports this module only from the lazily loaded meter, the
// server only on first use (features/auth/password-policy.ts).
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** An e-mail address counts whole and by its local part ("ann.lee" of ann.lee@example.com). */
function expandInputs(userInputs: readonly string[]): string[] {
  return userInputs
    .flatMap((input) => (input.includes('@') ? [input, input.split('@')[0] ?? ''] : [input]))
    .filter(Boolean);
}

/**
 * The strength estimate of a password, 0 (very weak) to 4 (very strong). `userInputs` are words the password must not
 * lean on (the account's e-mail): a password built from them scores lower. Deterministic.
 */
export function scorePassword(password: string, userInputs: readonly string[] = []): PasswordScore {
  return zxcvbn.check(password, expandInputs(userInputs)).score as PasswordScore;
}

/** True when the score meets MIN_PASSWORD_SCORE: the one rule the meter shows and the server enforces. */
export function isStrongEnough(score: PasswordScore): boolean {
  return score >= MIN_PASSWORD_SCORE;
}
