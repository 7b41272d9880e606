/**
 * The key a source is named by in the texts: itself when the loaded `provenance.sources` names it, else 'unknown'
 * ("another source"), so a raw key never reaches the page. Own keys only: "constructor" or "__proto__" are not sources.
 */
export function sourceKeyOrUnknown(names: unknown, key: string): string {
  return typeof names === 'object' && names !== null && Object.hasOwn(names, key) ? key : 'unknown';
}
