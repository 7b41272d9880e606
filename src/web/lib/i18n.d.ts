import 'i18next';
import type { en } from '../../shared/locales/index.ts';

// Typed keys: t('home.hero.title') fails to compile when the key is missing from en.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}
