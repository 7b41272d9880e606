import { useSyncExternalStore } from 'react';
import { THEMES, type Theme } from '../../shared/api/account.values.ts';
import { type ChoiceOptions, createChoiceEvents } from './choice-events.ts';

// Theme setting (spec §4, §9): light, dark or auto (follows the system); stored under the key "theme", default auto.
export const THEME_STORAGE_KEY = 'theme';
export { THEMES, type Theme };
export type EffectiveTheme = 'light' | 'dark';

const listeners = new Set<() => void>();
const chosen = createChoiceEvents<Theme>();
/** Called on each theme the reader picks (not on the account's value arriving). */
export const onThemeChosen = chosen.on;
const darkQuery = typeof window === 'undefined' ? undefined : window.matchMedia('(prefers-color-scheme: dark)');

let current: Theme = readStoredTheme();

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function getTheme(): Theme {
  return current;
}

export function resolveTheme(theme: Theme, systemDark = darkQuery?.matches ?? false): EffectiveTheme {
  if (theme === 'auto') return systemDark ? 'dark' : 'light';
  return theme;
}

/** Stores the setting and applies it to <html> (class "dark" and color-scheme). */
export function setTheme(theme: Theme, options: ChoiceOptions = {}): void {
  current = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage unavailable: the setting lasts for this page only
  }
  applyTheme();
  if (!options.fromAccount) chosen.emit(theme);
}

export function applyTheme(): void {
  if (typeof document === 'undefined') return;
  const effective = resolveTheme(current);
  const root = document.documentElement;
  root.classList.toggle('dark', effective === 'dark');
  root.style.colorScheme = effective;
  root.dataset.theme = current;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Current setting and the effective (resolved) theme; re-renders on change and on system changes under auto. */
export function useTheme(): { theme: Theme; effective: EffectiveTheme } {
  const theme = useSyncExternalStore(subscribe, getTheme, () => 'auto' as const);
  const effective = useSyncExternalStore(
    subscribe,
    () => resolveTheme(theme),
    () => 'light' as const,
  );
  return { theme, effective };
}

function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'auto';
  } catch {
    return 'auto';
  }
}

darkQuery?.addEventListener('change', () => {
  if (current === 'auto') applyTheme();
});
