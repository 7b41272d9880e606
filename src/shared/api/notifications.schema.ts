import { z } from 'zod';

// HTTP contracts of /api/notifications: the header bell and the /notifications page.

/**
 * alert_fired: params { alertId, kind, targetType, targetId, targetName, threshold, value }
 * search_alert: params { savedSearchId, name, reason: 'new_results' | 'heat_threshold', projects: {id,name}[], threshold? }
 * points_credited: params { amount, reason, balance }
 * level_changed: params { from, to }
 * membership_expiring: params { level, expiresAt }
 * export_ready / export_failed: params { exportId, source (its kind), error? (an error code) } — scheduled exports
 * correction_accepted / correction_rejected: params { correctionId, projectId, projectName, points?, reason? }
 * team_member_joined: params { teamId, teamName, memberName } — to the owner, when an invitation is accepted
 * support_replied: params { requestId, subject } — the support team answered the user's request
 * model_promoted: params { model, previous, changes: { key, before, after }[] } — a broadcast to every user: the heat
 *   model the public ranking uses changed (changes: the effective weights that moved, fractions of 1)
 */
export const NOTIFICATION_KINDS = [
  'alert_fired',
  'search_alert',
  'points_credited',
  'level_changed',
  'membership_expiring',
  'export_ready',
  'export_failed',
  'correction_accepted',
  'correction_rejected',
  'team_member_joined',
  'support_replied',
  'model_promoted',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  params: z.record(z.string(), z.unknown()),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuerySchema = z.object({
  /** The last item's cursor from the previous page. */
  cursor: z.string().max(200).optional(),
  unreadOnly: z.enum(['true', 'false']).optional(),
});
export const NotificationsResponseSchema = z.object({
  items: z.array(NotificationSchema),
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

export const UnreadCountResponseSchema = z.object({ unread: z.number().int() });
export const NotificationIdParamsSchema = z.object({ id: z.uuid() });
export const MarkReadResponseSchema = z.object({ unread: z.number().int() });
