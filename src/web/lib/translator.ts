// The UI texts' lookup: what the web app used of i18next, in a few hundred bytes instead of ~17 kB gzipped on every
// first load (i18next + react-i18next; docs/web-performance.md). It reads the same catalogues the same way —
// `ns:key.path` keys, plural suffixes chosen by Intl.PluralRules (`_one`, `_other`, `_ordinal_one`, a `_zero` for a
// count of 0), `{{name}}` values without escaping (React escapes), `defaultValue`, `lng` — and translator.test.ts
// holds every key of both catalogues to what i18next itself returns. i18next's types still check the keys at
// compile time (i18n.d.ts).

export type Resources = Record<string, unknown>;
export type TranslateOptions = {
  [name: string]: unknown;
  count?: number | null;
  ordinal?: boolean;
  defaultValue?: string;
  lng?: string;
  ns?: string | readonly string[];
};
/** A key, or keys tried in order (the first one found answers). */
export type Translate = (key: string | readonly string[], options?: TranslateOptions) => string;

type Listener = (language: string) => void;

const NS_SEPARATOR = ':';
const KEY_SEPARATOR = '.';
const PLACEHOLDER = /\{\{(.+?)\}\}/g;

export class Translator {
  language: string;
  readonly defaultNS: string;
  private readonly store = new Map<string, Map<string, Resources>>();
  private readonly listeners = new Set<Listener>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  constructor(options: { language: string; defaultNS: string }) {
    this.language = options.language;
    this.defaultNS = options.defaultNS;
  }

  addResourceBundle(language: string, namespace: string, resources: Resources): void {
    let bundles = this.store.get(language);
    if (!bundles) {
      bundles = new Map();
      this.store.set(language, bundles);
    }
    bundles.set(namespace, mergeDeep(bundles.get(namespace) ?? {}, resources));
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.store.get(language)?.has(namespace) ?? false;
  }

  /** The value at `path` (dot-separated; a name may hold dots itself, "project.create") of a namespace, or undefined. */
  getResource(language: string, namespace: string, path: string): unknown {
    return findPath(this.store.get(language)?.get(namespace), path.split(KEY_SEPARATOR));
  }

  async changeLanguage(language: string): Promise<void> {
    if (language === this.language) return;
    this.language = language;
    for (const listener of this.listeners) listener(language);
  }

  /** Calls `listener` after each language change; returns the unsubscribe. */
  onLanguageChanged(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  exists(key: string, options: TranslateOptions = {}): boolean {
    return this.lookup(key, options) !== undefined;
  }

  readonly t: Translate = (key, options = {}) => this.translate(key, options);

  /** A `t` bound to namespaces (searched in order for a key without `ns:`) and, if given, a language. */
  getFixedT(language: string | null, namespaces?: string | readonly string[]): Translate {
    return (key, options = {}) =>
      this.translate(key, { ...options, lng: options.lng ?? language ?? undefined, ns: options.ns ?? namespaces });
  }

  private translate(keys: string | readonly string[], options: TranslateOptions): string {
    const list = typeof keys === 'string' ? [keys] : keys;
    for (const key of list) {
      const found = this.lookup(key, options);
      if (found !== undefined) return interpolate(found, options);
    }
    if (typeof options.defaultValue === 'string') return interpolate(options.defaultValue, options);
    return splitKey(list[list.length - 1] ?? '', options).path;
  }

  /** The string a key resolves to in the first namespace that has it, or undefined. */
  private lookup(key: string, options: TranslateOptions): string | undefined {
    const language = options.lng ?? this.language;
    const { namespaces, path } = splitKey(key, options, this.defaultNS);
    const candidates = this.candidatesOf(path, language, options);
    for (const namespace of namespaces) {
      for (const candidate of candidates) {
        const value = this.getResource(language, namespace, candidate);
        // An empty string is a value; null and objects are not (i18next's returnNull: false, returnObjects: false).
        if (typeof value === 'string') return value;
      }
    }
    return undefined;
  }

  /** The paths tried for a key, most specific first: the zero form, the (ordinal, then cardinal) plural form, the key. */
  private candidatesOf(path: string, language: string, options: TranslateOptions): string[] {
    // As i18next: any count that is given and not a string picks a plural form (null reads as 0).
    if (options.count === undefined || typeof options.count === 'string') return [path];
    const ordinal = options.ordinal === true;
    const form = this.pluralRule(language, ordinal).select(Number(options.count));
    if (ordinal) return [`${path}_ordinal_${form}`, `${path}_${form}`, path];
    return options.count === 0 ? [`${path}_zero`, `${path}_${form}`, path] : [`${path}_${form}`, path];
  }

  private pluralRule(language: string, ordinal: boolean): Intl.PluralRules {
    const id = `${language}|${ordinal}`;
    let rule = this.pluralRules.get(id);
    if (!rule) {
      rule = new Intl.PluralRules(language, { type: ordinal ? 'ordinal' : 'cardinal' });
      this.pluralRules.set(id, rule);
    }
    return rule;
  }
}

/** `ns:a.b` → namespace `ns`, path `a.b`; otherwise the bound namespaces (or the default) and the key as it is. */
function splitKey(
  key: string,
  options: TranslateOptions,
  defaultNS = '',
): { namespaces: readonly string[]; path: string } {
  const at = key.indexOf(NS_SEPARATOR);
  if (at > 0)
    return {
      namespaces: [key.slice(0, at)],
      path: key
        .slice(at + 1)
        .split(NS_SEPARATOR)
        .join(KEY_SEPARATOR),
    };
  const bound = options.ns ?? defaultNS;
  return { namespaces: typeof bound === 'string' ? [bound] : bound, path: key };
}

/** `{{name}}` (or `{{a.b}}`) → the option's value as text; a value not given stays as written, one given as undefined or null is empty. */
function interpolate(text: string, values: TranslateOptions): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, raw: string) => {
    const name = raw.trim();
    const value = valueAt(values, name);
    if (value === undefined) return Object.hasOwn(values, name) ? '' : whole;
    return value === null ? '' : String(value);
  });
}

function valueAt(values: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(values, name) ? values[name] : findPath(values, name.split(KEY_SEPARATOR));
}

/**
 * The value under `parts` in nested objects, where a name may itself hold the separator: at each level the shortest
 * run of parts that names an object (or, at the end, any value) is taken, as i18next's lookup does.
 */
function findPath(root: unknown, parts: readonly string[]): unknown {
  let node = root;
  let i = 0;
  while (i < parts.length) {
    if (node === null || typeof node !== 'object') return undefined;
    const level = node as Record<string, unknown>;
    let next: unknown;
    let name = '';
    let j = i;
    for (; j < parts.length; j += 1) {
      name = j === i ? (parts[j] ?? '') : `${name}${KEY_SEPARATOR}${parts[j]}`;
      next = Object.hasOwn(level, name) ? level[name] : undefined;
      if (next !== undefined && (typeof next === 'object' || j === parts.length - 1)) break;
      next = undefined;
    }
    if (next === undefined) return undefined;
    node = next;
    i = j + 1;
  }
  return node;
}

/** A copy of `target` with `source` merged in, nested objects merged, `source` winning. */
function mergeDeep(target: Resources, source: Resources): Resources {
  const merged: Resources = { ...target };
  for (const [name, value] of Object.entries(source)) {
    const before = merged[name];
    merged[name] =
      isPlainObject(before) && isPlainObject(value) ? mergeDeep(before as Resources, value as Resources) : value;
  }
  return merged;
}

const isPlainObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);
