import { z } from 'zod';

/** GET /api/admin/audit: newest first, keyset pages (`before` = the last id of the previous page). */
/** What an audit entry is about (admin_audit.entity). */
export const AUDIT_ENTITIES = [
  'project',
  'sector',
  'catalogue',
  'social-account',
  'ad',
  'maintenance',
  'payment',
  'support-request',
  'heat-model',
] as const;

export const AuditQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entityId: z.string().min(1).max(200).optional(),
  lang: z.enum(['zh', 'en']).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditResponseSchema = z.object({
  items: z.array(AuditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditResponse = z.infer<typeof AuditResponseSchema>;

export const ImportModeSchema = z.enum(['merge', 'replace']);
export type ImportMode = z.infer<typeof ImportModeSchema>;
/** `lang` picks the language of an error message (errors name the bad row and field). */
export const ImportQuerySchema = z.object({
  mode: ImportModeSchema.default('merge'),
  lang: z.enum(['zh', 'en']).optional(),
});

const idList = z.object({ count: z.number().int(), ids: z.array(z.string()) });
/** POST /api/admin/import/preview and POST /api/admin/import: what the file adds, changes and (replace) removes. */
export const ImportResultSchema = z.object({
  mode: ImportModeSchema,
  written: z.boolean(),
  projects: z.object({ added: idList, changed: idList, removed: idList, unchanged: z.number().int() }),
  sectors: z.object({ added: idList, changed: idList, removed: idList, unchanged: z.number().int() }),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const DeletedResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/** GET /api/admin/projects: the /admin project list, by name; `q` matches the id, name or symbol. */
export const AdminProjectListQuerySchema = z.object({
  q: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminProjectListQuery = z.infer<typeof AdminProjectListQuerySchema>;

export const AdminProjectListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string().nullable(),
  category: z.string(),
  updatedAt: z.string(),
});
export type AdminProjectListItem = z.infer<typeof AdminProjectListItemSchema>;

export const AdminProjectListResponseSchema = z.object({
  items: z.array(AdminProjectListItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type AdminProjectListResponse = z.infer<typeof AdminProjectListResponseSchema>;
