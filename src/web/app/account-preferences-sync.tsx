import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Preferences, UpdatePreferencesBody } from '../../shared/api/account.schema.ts';
import { NUMBER_STYLES, PREFERENCE_LANGUAGES, PRICE_COLOURS, THEMES } from '../../shared/api/account.values.ts';
import { useSession } from '../features/auth/api.ts';
import { preferencesKeys, savePreferences, useAccountPreferences } from '../features/preferences/api.ts';
import { changeLanguage, currentLanguage, LANGUAGE_STORAGE_KEY, onLanguageChosen } from '../lib/i18n.ts';
import { getNumberStyle, NUMBER_STYLE_STORAGE_KEY, onNumberStyleChosen, setNumberStyle } from '../lib/number-style.ts';
import {
  applyPriceColours,
  getPriceColoursChoice,
  onPriceColoursChosen,
  PRICE_COLOURS_STORAGE_KEY,
  resolvePriceColours,
  setPriceColours,
  usePriceColoursChoice,
} from '../lib/price-colours.ts';
import { getTheme, onThemeChosen, setTheme, THEME_STORAGE_KEY } from '../lib/theme.ts';
import { showToast } from '../lib/toast.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * Keeps the display settings (language, theme, up/down colours, number style) in step with a signed-in account. When
 * the account's stored values arrive (at sign-in, or on opening the app signed in, on any browser) they are applied
 * once, and a setting the account has never chosen takes this browser's explicit choice (a visitor who picked English
 * and then signs up keeps English on the next device); from then on each choice the reader makes is saved to the
 * account. A visitor's choices stay in this browser.
 * Also keeps the colours in effect on <html>. Renders nothing; the shell mounts it once.
 */
export function AccountPreferencesSync() {
  const { t, i18n } = useTranslation('app');
  const queryClient = useQueryClient();
  const choice = usePriceColoursChoice();
  const userId = useSession().data?.user?.id ?? null;
  const stored = useAccountPreferences(userId).data;
  const appliedFor = useRef<string | null>(null);

  useEffect(() => applyPriceColours(resolvePriceColours(choice, i18n.language)), [choice, i18n.language]);

  useEffect(() => {
    if (!userId) return;
    const save = (patch: UpdatePreferencesBody) => {
      savePreferences(patch)
        .then((saved) => queryClient.setQueryData(preferencesKeys.of(userId), saved))
        .catch(() => showToast({ title: t('preferences.saveFailed'), variant: 'error' }));
    };
    if (stored && appliedFor.current !== userId) {
      // Once per sign-in: a later save's answer must not undo a newer click made while it was in flight.
      appliedFor.current = userId;
      applyStored(stored);
      const adopted = browserChoicesMissingFrom(stored);
      if (Object.keys(adopted).length > 0) save(adopted);
    }
    const stops = [
      onLanguageChosen((language) => save({ language })),
      onThemeChosen((theme) => save({ theme })),
      onPriceColoursChosen((priceColours) => save({ priceColours })),
      onNumberStyleChosen((numberStyle) => save({ numberStyle })),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [userId, stored, queryClient, t]);

  useEffect(() => {
    if (!userId) appliedFor.current = null;
  }, [userId]);

  return null;
}

/** Puts the account's stored values in effect here; a field the account never chose leaves this browser's own. */
function applyStored(stored: Preferences): void {
  if (stored.theme && stored.theme !== getTheme()) setTheme(stored.theme, { fromAccount: true });
  if (stored.priceColours && stored.priceColours !== getPriceColoursChoice()) {
    setPriceColours(stored.priceColours, { fromAccount: true });
  }
  if (stored.numberStyle && stored.numberStyle !== getNumberStyle()) {
    setNumberStyle(stored.numberStyle, { fromAccount: true });
  }
  if (stored.language && stored.language !== currentLanguage()) {
    void changeLanguage(stored.language, { fromAccount: true });
  }
}

/** This browser's explicit choices (what its storage holds, not defaults) for the settings the account has not chosen. */
function browserChoicesMissingFrom(stored: Preferences): UpdatePreferencesBody {
  const patch: UpdatePreferencesBody = {};
  const language = readStoredChoice(LANGUAGE_STORAGE_KEY, PREFERENCE_LANGUAGES);
  const theme = readStoredChoice(THEME_STORAGE_KEY, THEMES);
  const priceColours = readStoredChoice(PRICE_COLOURS_STORAGE_KEY, PRICE_COLOURS);
  const numberStyle = readStoredChoice(NUMBER_STYLE_STORAGE_KEY, NUMBER_STYLES);
  if (stored.language === null && language) patch.language = language;
  if (stored.theme === null && theme) patch.theme = theme;
  if (stored.priceColours === null && priceColours) patch.priceColours = priceColours;
  if (stored.numberStyle === null && numberStyle) patch.numberStyle = numberStyle;
  return patch;
}

function readStoredChoice<T extends string>(key: string, allowed: readonly T[]): T | null {
  try {
    const value = localStorage.getItem(key);
    return (allowed as readonly (string | null)[]).includes(value) ? (value as T) : null;
  } catch {
    return null;
  }
}
