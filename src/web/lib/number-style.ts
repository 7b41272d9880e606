import { useSyncExternalStore } from 'react';
import { NUMBER_STYLES, type NumberStyle } from '../../shared/api/account.values.ts';
import { type ChoiceOptions, createChoiceEvents } from './choice-events.ts';

// How large numbers read in Chinese: 万 / 亿 / 万亿 ("2.10 万亿美元", the default) or the Western K / M / B / T
// ("$2.1T"), a reader's choice stored under the key "numberStyle" like the theme and the language. English always
// reads K / M / B / T.
export const NUMBER_STYLE_STORAGE_KEY = 'numberStyle';
export { NUMBER_STYLES, type NumberStyle };

const listeners = new Set<() => void>();
const chosen = createChoiceEvents<NumberStyle>();
/** Called on each style the reader picks (not on the account's value arriving). */
export const onNumberStyleChosen = chosen.on;
let current: NumberStyle = readStored();

export function isNumberStyle(value: unknown): value is NumberStyle {
  return typeof value === 'string' && (NUMBER_STYLES as readonly string[]).includes(value);
}

export function getNumberStyle(): NumberStyle {
  return current;
}

/** Stores the choice and tells every subscriber (the app shell re-renders the page with it). */
export function setNumberStyle(style: NumberStyle, options: ChoiceOptions = {}): void {
  current = style;
  try {
    localStorage.setItem(NUMBER_STYLE_STORAGE_KEY, style);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  for (const listener of listeners) listener();
  if (!options.fromAccount) chosen.emit(style);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNumberStyle(): NumberStyle {
  return useSyncExternalStore(subscribe, getNumberStyle, () => 'cjk' as const);
}

function readStored(): NumberStyle {
  try {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(NUMBER_STYLE_STORAGE_KEY);
    return isNumberStyle(stored) ? stored : 'cjk';
  } catch {
    return 'cjk';
  }
}
