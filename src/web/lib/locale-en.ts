// Every en namespace in one chunk (src/shared/locales/en/*.json), loaded only when en is the UI language.
const modules = import.meta.glob<Record<string, unknown>>('../../shared/locales/en/*.json', {
  eager: true,
  import: 'default',
});

export default modules;
