import type { FlatNamespace, TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import type { FallbackNs } from 'react-i18next';
import { i18n } from './i18n.ts';
import type { Translator } from './translator.ts';

// The components' way to the UI texts, in react-i18next's shape (`const { t, i18n } = useTranslation(namespace)`) over
// the app's own lookup (translator.ts). The types are i18next's, so a key missing from the en catalogue still fails
// to compile; the page re-renders when the language changes, with a new `t`.

type Namespaces = FlatNamespace | readonly [FlatNamespace?, ...FlatNamespace[]] | undefined;

const subscribe = (onChange: () => void) => i18n.onLanguageChanged(onChange);
const currentLanguage = () => i18n.language;

export function useTranslation<const Ns extends Namespaces = undefined>(
  ns?: Ns,
): { t: TFunction<FallbackNs<Ns>>; i18n: Translator } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  const bound = ns === undefined ? undefined : typeof ns === 'string' ? ns : (ns as readonly string[]).join('\u0000');
  // A new `t` per language (effects that depend on it run again); each call reads the language current at the time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `bound` stands for `ns`, whose array is new each render.
  const t = useMemo(
    () => i18n.getFixedT(null, bound?.split('\u0000')) as unknown as TFunction<FallbackNs<Ns>>,
    [language, bound],
  );
  return { t, i18n };
}

/** A `t` for one language and namespace outside a component (tests, formatters handed a `t`), typed as the hook's. */
export function fixedT<const Ns extends FlatNamespace>(language: string, ns: Ns): TFunction<Ns> {
  return i18n.getFixedT(language, ns) as unknown as TFunction<Ns>;
}
