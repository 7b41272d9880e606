// Every zh namespace in one chunk (src/shared/locales/zh/*.json), loaded only when zh is the UI language.
const modules = import.meta.glob<Record<string, unknown>>('../../shared/locales/zh/*.json', {
  eager: true,
  import: 'default',
});

export default modules;
