import { z } from 'zod';

// The admin API of HeatRank's house ads (/api/admin/ads). What a viewer sees is HouseAdSchema in tasks.schema.ts.

/**
 * A link inside the site ("/membership") or an https address; nothing else (no javascript:, no http). No backslash
 * anywhere: browsers read "/\evil.example" as "//evil.example", a link that leaves the site.
 */
const LinkSchema = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^\/(?![/\\])[^\s\\]*$/.test(value) || /^https:\/\/[^\s\\]+$/.test(value), {
    message: 'a path starting with / or an https:// address',
  });
const TextSchema = (max: number) => z.string().trim().min(1).max(max);

export const AdminAdBodySchema = z.object({
  titleZh: TextSchema(120),
  titleEn: TextSchema(120),
  bodyZh: TextSchema(500),
  bodyEn: TextSchema(500),
  imageUrl: LinkSchema.nullable().default(null),
  linkUrl: LinkSchema,
  active: z.boolean().default(true),
});
export type AdminAdBody = z.infer<typeof AdminAdBodySchema>;

export const AdminAdPatchSchema = z
  .object({
    titleZh: TextSchema(120),
    titleEn: TextSchema(120),
    bodyZh: TextSchema(500),
    bodyEn: TextSchema(500),
    imageUrl: LinkSchema.nullable(),
    linkUrl: LinkSchema,
    active: z.boolean(),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'nothing to change' });
export type AdminAdPatch = z.infer<typeof AdminAdPatchSchema>;

export const AdminAdParamsSchema = z.object({ id: z.uuid() });

export const AdminAdSchema = z.object({
  id: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAd = z.infer<typeof AdminAdSchema>;
export const AdminAdListSchema = z.object({ items: z.array(AdminAdSchema) });
