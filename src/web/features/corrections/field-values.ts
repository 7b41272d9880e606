import type { CorrectionValues } from '../../../shared/api/corrections.schema.ts';
import { CORRECTION_FIELDS, type CorrectionField } from '../../../shared/api/corrections.values.ts';

// The form edits every correctable field as text; these map stored values to that text and back, and keep only the
// fields whose value the user changed (the server refuses an unchanged one: CORRECTION_UNCHANGED).

export const LIST_FIELDS = new Set<CorrectionField>(['github', 'chains']);
export const LONG_FIELDS = new Set<CorrectionField>(['descriptionEn', 'descriptionZh']);

export type FormText = Record<CorrectionField, string>;

/** One value as the form and the lists show it ("" for none; lists joined by ", "). */
export function toText(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : '';
}

export function toFormText(values: Required<CorrectionValues>): FormText {
  return Object.fromEntries(CORRECTION_FIELDS.map((field) => [field, toText(values[field])])) as FormText;
}

function fromText(field: CorrectionField, text: string): unknown {
  const trimmed = text.trim();
  if (LIST_FIELDS.has(field)) {
    return trimmed
      .split(/[,，\n]/)
      .map((item) => item.trim())
      .filter(Boolean);
  }
  return trimmed === '' && field !== 'sector' ? null : trimmed;
}

/** The changed fields with their new values; empty when nothing changed. */
export function changedValues(current: Required<CorrectionValues>, form: FormText): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of CORRECTION_FIELDS) {
    const next = fromText(field, form[field]);
    const before = current[field] ?? (LIST_FIELDS.has(field) ? [] : null);
    if (JSON.stringify(next) !== JSON.stringify(before)) changes[field] = next;
  }
  return changes;
}
