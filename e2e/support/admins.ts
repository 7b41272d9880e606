/**
 * An admin account per UI language, named after the test file's own prefix. One per language because the language
 * chosen is saved on the account and applied at every sign-in: one shared admin would switch the en run to zh.
 */
export function adminsPerLanguage(prefix: string) {
  const admin = (lang: 'zh' | 'en') => ({
    email: `${prefix}-admin-${lang}@example.com`,
    password: `${prefix}-admin-password-1`,
  });
  return { zh: admin('zh'), en: admin('en') } as const;
}
