import { z } from 'zod';
import { PageQuerySchema, ProjectRefSchema, pageOf } from './common.schema.ts';
import { ProjectListItemSchema } from './projects.schema.ts';

/** An ecosystem platform: a chain projects are deployed on, or a launch platform their token started on. */
export const PlatformSchema = z.object({
  id: z.string(), // slug of the name, e.g. 'bnb-chain'
  name: z.string(),
  kind: z.enum(['chain', 'launchpad']),
  projectCount: z.number().int(),
  /** Mean heat of the scored projects; null when none has enough evidence for a score. */
  avgHeat: z.number().nullable(),
  topProjects: z.array(ProjectRefSchema),
});
export type Platform = z.infer<typeof PlatformSchema>;

export const PlatformListQuerySchema = z.object({
  kind: z.enum(['chain', 'launchpad']).optional(),
  lang: z.enum(['zh', 'en']).optional(),
});
export const PlatformListResponseSchema = z.object({ items: z.array(PlatformSchema) });
export type PlatformListResponse = z.infer<typeof PlatformListResponseSchema>;

export const PlatformDetailQuerySchema = PageQuerySchema.extend({ lang: z.enum(['zh', 'en']).optional() });
export const PlatformDetailResponseSchema = z.object({
  platform: PlatformSchema,
  projects: pageOf(ProjectListItemSchema),
});
export type PlatformDetailResponse = z.infer<typeof PlatformDetailResponseSchema>;

export const PlatformParamsSchema = z.object({ id: z.string().min(1).max(64) });
