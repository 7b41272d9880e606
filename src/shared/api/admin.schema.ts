import { z } from 'zod';
import { SystemStatsSchema } from './admin-stats.schema.ts';

/** GET /api/admin/stats: account and system counters for the admin panel (the system half: admin-stats.schema.ts). */
export const AdminStatsResponseSchema = z
  .object({
    users: z.number().int(),
    admins: z.number().int(),
    verifiedUsers: z.number().int(),
    activeSessions: z.number().int(),
    /** Mail not delivered by SMTP (none configured, or delivery failed): see mail_outbox. */
    unsentMail: z.number().int(),
    projects: z.number().int(),
    asOf: z.string(),
  })
  .extend(SystemStatsSchema.shape);
export type AdminStatsResponse = z.infer<typeof AdminStatsResponseSchema>;
