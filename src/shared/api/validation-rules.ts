// Validation failures as rules people read: every field error names its field, one of these rules and
// the rule's bounds, and the message is `validation.rules.<rule>` from the catalogue in the request's language —
// never zod's own wording ("Too small: expected string to have >=1 characters", 数值过小：期望 string >=1).

export const VALIDATION_RULES = [
  'required',
  'tooShort',
  'tooLong',
  'tooFew',
  'tooMany',
  'tooSmall',
  'tooBig',
  'wholeNumber',
  'wrongType',
  'httpUrl',
  'email',
  'date',
  'dateTime',
  'format',
  'oneOf',
  'unknownField',
  'duplicate',
  'unknownSector',
  'unknownChain',
  'sectorExists',
  'sumToOne',
  'invalid',
] as const;
export type ValidationRule = (typeof VALIDATION_RULES)[number];

/** One refused field: its path ("chains.2"), the rule it broke and that rule's values ({ minimum: 1 }). */
export type FieldIssue = { field: string; rule: ValidationRule; params?: Record<string, string | number> };

/** The parts of a zod issue (or of fastify-type-provider-zod's copy of one: keyword + params) a rule is read from. */
export type IssueLike = {
  code: string;
  message?: string;
  origin?: unknown;
  format?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  expected?: unknown;
  values?: unknown;
  keys?: unknown;
};

const num = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? Number(value) : 0);
const TEXT_FORMATS: Partial<Record<string, ValidationRule>> = {
  url: 'httpUrl',
  email: 'email',
  date: 'date',
  datetime: 'dateTime',
};

function sizeRule(issue: IssueLike, small: boolean): { rule: ValidationRule; params: Record<string, number> } {
  const bound: Record<string, number> = small ? { minimum: num(issue.minimum) } : { maximum: num(issue.maximum) };
  if (issue.origin === 'string') {
    if (small && num(issue.minimum) <= 1) return { rule: 'required', params: {} };
    return { rule: small ? 'tooShort' : 'tooLong', params: bound };
  }
  if (issue.origin === 'array' || issue.origin === 'set') return { rule: small ? 'tooFew' : 'tooMany', params: bound };
  return { rule: small ? 'tooSmall' : 'tooBig', params: bound };
}

/**
 * The rule a zod issue breaks, with the values its message shows. A missing value is `required` (zod reports it as
 * an invalid type "received undefined"), an empty text is `required` too (min(1)), and an unlisted shape `invalid`.
 */
export function ruleOfIssue(issue: IssueLike): { rule: ValidationRule; params: Record<string, string | number> } {
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message ?? '')) return { rule: 'required', params: {} };
      if (issue.expected === 'int') return { rule: 'wholeNumber', params: {} };
      return { rule: 'wrongType', params: { expected: String(issue.expected ?? '') } };
    case 'too_small':
      return sizeRule(issue, true);
    case 'too_big':
      return sizeRule(issue, false);
    case 'invalid_format':
      return { rule: TEXT_FORMATS[String(issue.format)] ?? 'format', params: {} };
    case 'invalid_value':
      return {
        rule: 'oneOf',
        params: { options: Array.isArray(issue.values) ? issue.values.map(String).join(', ') : '' },
      };
    case 'unrecognized_keys':
      return { rule: 'unknownField', params: { keys: Array.isArray(issue.keys) ? issue.keys.join(', ') : '' } };
    case 'not_multiple_of':
      return { rule: 'wholeNumber', params: {} };
    default: {
      const named = /^rule:(\w+)$/.exec(issue.message ?? '')?.[1];
      return { rule: isRule(named) ? named : 'invalid', params: {} };
    }
  }
}

/**
 * A schema's own check names its rule through its message, `customRule('sumToOne')`, so the answer words it from the
 * catalogue like any other rule (zod's custom issues carry no rule of their own).
 */
export const customRule = (rule: ValidationRule) => `rule:${rule}`;

const isRule = (value: string | undefined): value is ValidationRule =>
  (VALIDATION_RULES as readonly (string | undefined)[]).includes(value);

/** A zod issue path as the field name clients match ("team.en", "chains.2"); '' for the whole value. */
export const fieldOfPath = (path: readonly PropertyKey[]) => path.map(String).join('.');
