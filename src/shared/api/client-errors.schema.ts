import { z } from 'zod';

// POST /api/client-errors (the web app's crash reports) and GET /api/admin/client-errors (the admin's list).

/** Longest stored field values (characters); longer ones are cut, not refused: a crash report is worth keeping. */
export const CLIENT_ERROR_LIMITS = { message: 500, stack: 8000, route: 300, buildId: 64 } as const;
/** The largest report body accepted (bytes); a larger one is refused with 413 PAYLOAD_TOO_LARGE. */
export const CLIENT_ERROR_BODY_LIMIT = 16 * 1024;
/** Days a report is kept (the daily-cleanup job deletes older ones). */
export const CLIENT_ERROR_RETENTION_DAYS = 30;

export const CLIENT_ERROR_BOUNDARIES = ['app', 'route'] as const;

/**
 * One crash as the browser saw it. The strings may be longer than stored (cut by the server) but never longer than the
 * body limit allows; `route` is the page's path (the server drops any query string or fragment it still carries).
 */
export const ClientErrorReportSchema = z.strictObject({
  message: z.string().trim().min(1).max(CLIENT_ERROR_BODY_LIMIT),
  stack: z.string().max(CLIENT_ERROR_BODY_LIMIT).nullable().default(null),
  route: z.string().trim().min(1).max(CLIENT_ERROR_BODY_LIMIT).startsWith('/'),
  buildId: z
    .string()
    .trim()
    .max(CLIENT_ERROR_LIMITS.buildId)
    .regex(/^[\w.-]*$/)
    .nullable()
    .default(null),
  boundary: z.enum(CLIENT_ERROR_BOUNDARIES),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;

export const ClientErrorAcceptedSchema = z.object({ accepted: z.literal(true) });

/** Reports grouped by message over the kept window, the most recently seen first. */
export const AdminClientErrorsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const ClientErrorGroupSchema = z.object({
  message: z.string(),
  count: z.number().int().min(1),
  firstSeenAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** The latest report's route, build id, boundary and stack. */
  route: z.string(),
  buildId: z.string().nullable(),
  boundary: z.enum(CLIENT_ERROR_BOUNDARIES),
  stack: z.string().nullable(),
  /** How many distinct routes and builds reported this message. */
  routes: z.number().int().min(1),
  builds: z.number().int().min(0),
});
export type ClientErrorGroup = z.infer<typeof ClientErrorGroupSchema>;

export const AdminClientErrorsResponseSchema = z.object({
  retentionDays: z.number().int(),
  total: z.number().int().min(0),
  groups: z.array(ClientErrorGroupSchema),
});
export type AdminClientErrorsResponse = z.infer<typeof AdminClientErrorsResponseSchema>;
