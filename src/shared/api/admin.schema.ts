import { z } from 'zod';

/** GET /api/admin/stats: account and system counters for the admin panel. */
export const AdminStatsResponseSchema = z.object({
  users: z.number().int(),
  admins: z.number().int(),
  verifiedUsers: z.number().int(),
  activeSessions: z.number().int(),
  /** Mail not delivered by SMTP (none configured, or delivery failed): see mail_outbox. */
  unsentMail: z.number().int(),
  projects: z.number().int(),
  asOf: z.string(),
});
export type AdminStatsResponse = z.infer<typeof AdminStatsResponseSchema>;
