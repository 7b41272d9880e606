/** Fills a locale string's {{placeholders}} the way i18next does, so a test finds the exact text a page shows. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
