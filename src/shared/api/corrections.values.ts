// corrections.schema.ts's value lists and limits, without zod: the web reads them on pages whose first load carries no
// zod (src/server/web-startup-imports.test.ts). The schemas build on them.

/** The facts a user may correct, in the order the form and the queue show them. */
export const CORRECTION_FIELDS = [
  'website',
  'twitter',
  'telegram',
  'discord',
  'github',
  'whitepaper',
  'chains',
  'sector',
  'descriptionEn',
  'descriptionZh',
] as const;

export type CorrectionField = (typeof CORRECTION_FIELDS)[number];

/** Caps per user (pending ones per project and overall, new ones per rolling 24 hours) and text lengths. */
export const CORRECTION_LIMITS = {
  pendingPerProject: 5,
  pendingPerUser: 20,
  perDay: 10,
  descriptionLength: 2000,
  noteLength: 1000,
  reasonLength: 500,
  urlLength: 500,
  listItems: 20,
} as const;
