import { z } from 'zod';
import { pageOf } from './common.schema.ts';
import { CORRECTION_LIMITS } from './corrections.values.ts';

// HTTP contracts of user data corrections: a signed-in user proposes new values for some of a
// project's facts; an admin accepts (the values are applied, points credited) or rejects with a reason. docs/admin.md.

export const CORRECTION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

const url = z
  .string()
  .trim()
  .max(CORRECTION_LIMITS.urlLength)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain }));
const nullableUrl = url.nullable();
/** An X handle; a pasted "@name" or x.com / twitter.com address is reduced to the handle. */
const handle = z
  .string()
  .trim()
  .max(CORRECTION_LIMITS.urlLength)
  .transform((value) => value.replace(/^(https?:\/\/)?(www\.)?(x|twitter)\.com\//i, '').replace(/^@/, ''))
  .pipe(z.string().regex(/^\w{1,30}$/));
const githubOrg = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/);
const chain = z.string().trim().min(1).max(50);
const uniqueList = <T extends z.ZodType<string>>(item: T, min: number) =>
  z
    .array(item)
    .min(min)
    .max(CORRECTION_LIMITS.listItems)
    .refine((list) => new Set(list).size === list.length, 'duplicate entries');
const description = z.string().trim().min(1).max(CORRECTION_LIMITS.descriptionLength).nullable();

/** New values for some of the fields (at least one); null clears a link or a description. */
export const CorrectionChangesSchema = z
  .object({
    website: nullableUrl,
    twitter: handle.nullable(),
    telegram: nullableUrl,
    discord: nullableUrl,
    github: uniqueList(githubOrg, 0),
    whitepaper: nullableUrl,
    chains: uniqueList(chain, 1),
    sector: z.string().trim().min(1).max(100),
    descriptionEn: description,
    descriptionZh: description,
  })
  .partial()
  .strict()
  .refine((changes) => Object.keys(changes).length > 0, 'propose at least one change');
export type CorrectionChanges = z.infer<typeof CorrectionChangesSchema>;

/** The stored values of the same fields (any of them may be absent from a given correction). */
export const CorrectionValuesSchema = z
  .object({
    website: z.string().nullable(),
    twitter: z.string().nullable(),
    telegram: z.string().nullable(),
    discord: z.string().nullable(),
    github: z.array(z.string()),
    whitepaper: z.string().nullable(),
    chains: z.array(z.string()),
    sector: z.string(),
    descriptionEn: z.string().nullable(),
    descriptionZh: z.string().nullable(),
  })
  .partial();
export type CorrectionValues = z.infer<typeof CorrectionValuesSchema>;

export const CreateCorrectionBodySchema = z
  .object({
    changes: CorrectionChangesSchema,
    /** Why, in the user's words (shown to the admin). */
    note: z.string().trim().max(CORRECTION_LIMITS.noteLength).optional(),
    /** Where the new values can be checked. */
    sourceUrl: url.optional(),
  })
  .strict();
export type CreateCorrectionBody = z.infer<typeof CreateCorrectionBodySchema>;

export const CorrectionSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  /** The project's values when the correction was proposed, for the fields it changes. */
  current: CorrectionValuesSchema,
  proposed: CorrectionValuesSchema,
  note: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  /** The admin's reason of a rejection. */
  reason: z.string().nullable(),
  /** Points credited on acceptance (0 otherwise). */
  points: z.number().int(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Correction = z.infer<typeof CorrectionSchema>;

/** A correction in the admin queue: who proposed it and who reviewed it. */
export const AdminCorrectionSchema = CorrectionSchema.extend({
  userId: z.string(),
  userEmail: z.string().nullable(),
  reviewerEmail: z.string().nullable(),
});
export type AdminCorrection = z.infer<typeof AdminCorrectionSchema>;

export const CorrectionPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const AdminCorrectionsQuerySchema = CorrectionPageQuerySchema.extend({
  status: z.enum(CORRECTION_STATUSES).default('pending'),
});
export type AdminCorrectionsQuery = z.infer<typeof AdminCorrectionsQuerySchema>;

export const CorrectionListResponseSchema = pageOf(CorrectionSchema);
export type CorrectionListResponse = z.infer<typeof CorrectionListResponseSchema>;
export const AdminCorrectionListResponseSchema = pageOf(AdminCorrectionSchema);
export type AdminCorrectionListResponse = z.infer<typeof AdminCorrectionListResponseSchema>;

export const CorrectionParamsSchema = z.object({ id: z.uuid() });
export const RejectCorrectionBodySchema = z
  .object({ reason: z.string().trim().min(1).max(CORRECTION_LIMITS.reasonLength) })
  .strict();
