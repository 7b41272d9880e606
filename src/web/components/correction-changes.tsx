import type { CorrectionValues } from '../../shared/api/corrections.schema.ts';
import { CORRECTION_FIELDS } from '../../shared/api/corrections.values.ts';

type CorrectionChangesProps = {
  current: CorrectionValues;
  proposed: CorrectionValues;
  /** The field's name in the reader's language. */
  fieldLabel: (field: (typeof CORRECTION_FIELDS)[number]) => string;
  /** Shown for a value that is empty (a link or text cleared, or never set). */
  emptyLabel: string;
};

const show = (value: unknown) => (Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '');

/** A correction field by field: the value when proposed → the proposed one (the user's list and the admin queue). */
export function CorrectionChanges({ current, proposed, fieldLabel, emptyLabel }: CorrectionChangesProps) {
  const fields = CORRECTION_FIELDS.filter((field) => field in proposed);
  return (
    <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
      {fields.map((field) => (
        <div key={field} className="contents" data-field={field}>
          <dt className="font-medium">{fieldLabel(field)}</dt>
          <dd className="min-w-0 break-words">
            <del className="muted">{show(current[field]) || emptyLabel}</del>
            <span aria-hidden="true"> → </span>
            <ins className="no-underline font-medium">{show(proposed[field]) || emptyLabel}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
