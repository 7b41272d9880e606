import { useSyncExternalStore } from 'react';
import { PRICE_COLOURS, type PriceColours } from '../../shared/api/account.values.ts';
import { type ChoiceOptions, createChoiceEvents } from './choice-events.ts';

// Up/down colours: 'red-up' (红涨绿跌, the mainland convention) or 'green-up'. A visitor's choice is stored
// under the key "priceColours" like the theme and the number style; a signed-in user's is on the account too
// (app/account-preferences-sync.tsx). No choice = the language's default: Chinese red up, English green up.
export const PRICE_COLOURS_STORAGE_KEY = 'priceColours';
export { PRICE_COLOURS, type PriceColours };

const listeners = new Set<() => void>();
const chosen = createChoiceEvents<PriceColours>();
let current: PriceColours | null = readStored();

export function isPriceColours(value: unknown): value is PriceColours {
  return typeof value === 'string' && (PRICE_COLOURS as readonly string[]).includes(value);
}

/** The colours in effect: the choice, else the language's convention. */
export function resolvePriceColours(choice: PriceColours | null, language: string): PriceColours {
  return choice ?? (language.startsWith('zh') ? 'red-up' : 'green-up');
}

export function getPriceColoursChoice(): PriceColours | null {
  return current;
}

/**
 * Stores a choice and re-renders its readers. `fromAccount`: the account's stored value arriving (no echo back to the
 * server); otherwise it is the reader's own click, which the sync saves to a signed-in account.
 */
export function setPriceColours(choice: PriceColours, options: ChoiceOptions = {}): void {
  const changed = current !== choice;
  current = choice;
  try {
    localStorage.setItem(PRICE_COLOURS_STORAGE_KEY, choice);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  if (changed) for (const listener of listeners) listener();
  if (!options.fromAccount) chosen.emit(choice);
}

/** Called on each choice the reader makes (not on the account's value arriving). */
export const onPriceColoursChosen = chosen.on;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored choice (null: none yet). */
export function usePriceColoursChoice(): PriceColours | null {
  return useSyncExternalStore(subscribe, getPriceColoursChoice, () => null);
}

/** Puts the colours in effect on <html data-price-colours>, which styles.css reads for every .tone-gain/.tone-loss. */
export function applyPriceColours(effective: PriceColours): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.priceColours = effective;
}

function readStored(): PriceColours | null {
  try {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(PRICE_COLOURS_STORAGE_KEY);
    return isPriceColours(stored) ? stored : null;
  } catch {
    return null;
  }
}
