/**
 * Characters that never belong in a one-line name a user types: control characters (C0, DEL, C1), line and paragraph
 * separators, and the bidirectional embedding/override/isolate controls (U+202A–U+202E, U+2066–U+2069), which can
 * make a name display as something else than it is (e.g. a list named "‮gnp.exe" reading "exe.png").
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
export const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Whether a one-line name is free of control and direction-override characters. */
export function isSafeName(value: string): boolean {
  return !UNSAFE_NAME_CHARACTERS.test(value);
}

/** The catalogue key of the message for a name with such characters (translated by the server and the forms alike). */
export const UNSAFE_NAME_MESSAGE = 'account.validation.nameCharacters';
