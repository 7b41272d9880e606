import { z } from 'zod';
import { MEMBERSHIP_LEVELS } from '../membership/level.ts';
import { SUPPORT_PRIORITIES } from '../membership/support.ts';
import { PREFERENCE_LANGUAGES as LANGUAGES } from './account.values.ts';
import { PageQuerySchema, pageOf } from './common.schema.ts';

// HTTP contracts of support requests: a signed-in user opens a request (subject, text, optional
// project) and follows its thread on /support; admins work the queue under /api/admin/support, priority first, oldest
// first. Texts are stored and shown as plain text. docs/support.md.

export const SUPPORT_STATES = ['open', 'answered', 'closed'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];

/** Text lengths and the per-user caps against abuse (counted under the user's lock, so parallel posts hold them). */
export const SUPPORT_LIMITS = {
  subjectLength: 120,
  textLength: 5000,
  /** Requests not closed (open or answered) at once. */
  openPerUser: 5,
  /** New requests per rolling 24 hours. */
  perDay: 10,
  /** The user's own messages (new requests' first messages and follow-ups) per rolling 24 hours. */
  messagesPerDay: 50,
  /** Messages in one thread, both sides. */
  messagesPerRequest: 100,
} as const;

const subject = z.string().trim().min(1).max(SUPPORT_LIMITS.subjectLength);
const text = z.string().trim().min(1).max(SUPPORT_LIMITS.textLength);

export const CreateSupportRequestBodySchema = z
  .object({
    subject,
    text,
    /** The project the request is about (must exist), or none. */
    projectId: z.string().trim().min(1).max(200).nullable().optional(),
    /** The language to answer in; the request's language (?lang=, Accept-Language) when absent. */
    language: z.enum(LANGUAGES).optional(),
  })
  .strict();
export type CreateSupportRequestBody = z.infer<typeof CreateSupportRequestBodySchema>;

export const SupportMessageBodySchema = z.object({ text }).strict();
export type SupportMessageBody = z.infer<typeof SupportMessageBodySchema>;

export const SupportStateBodySchema = z.object({ state: z.enum(SUPPORT_STATES) }).strict();

export const SupportParamsSchema = z.object({ id: z.uuid() });

export const SupportMessageSchema = z.object({
  id: z.string(),
  /** Who wrote it: the user, or the support team (an admin; never named to the user). */
  author: z.enum(['user', 'admin']),
  text: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const SupportRequestSchema = z.object({
  id: z.string(),
  subject: z.string(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  language: z.enum(LANGUAGES),
  /** The effective level when it was opened (test mode's preview for an admin previewing). */
  level: z.enum(MEMBERSHIP_LEVELS),
  priority: z.enum(SUPPORT_PRIORITIES),
  state: z.enum(SUPPORT_STATES),
  /** The target's business days for this priority (SUPPORT_RESPONSE_TARGETS). */
  targetBusinessDays: z.number().int(),
  /** When a response is due while the request waits for one (open), else null. */
  responseDueAt: z.string().nullable(),
  /** Waiting past responseDueAt. */
  overdue: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  firstResponseAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  messageCount: z.number().int(),
});
export type SupportRequest = z.infer<typeof SupportRequestSchema>;

export const SupportThreadSchema = SupportRequestSchema.extend({ messages: z.array(SupportMessageSchema) });
export type SupportThread = z.infer<typeof SupportThreadSchema>;

export const SupportListQuerySchema = PageQuerySchema;
export const SupportListResponseSchema = pageOf(SupportRequestSchema);
export type SupportListResponse = z.infer<typeof SupportListResponseSchema>;

/** GET /api/support/priority: the caller's level now and the priority and target a new request would get. */
export const SupportPriorityResponseSchema = z.object({
  level: z.enum(MEMBERSHIP_LEVELS),
  priority: z.enum(SUPPORT_PRIORITIES),
  targetBusinessDays: z.number().int(),
});
export type SupportPriorityResponse = z.infer<typeof SupportPriorityResponseSchema>;

/** The admin queue: one state (or every unclosed one: 'active', the default), priority first, then oldest first. */
export const AdminSupportQuerySchema = PageQuerySchema.extend({
  state: z.enum(['active', ...SUPPORT_STATES]).default('active'),
});
export type AdminSupportQuery = z.infer<typeof AdminSupportQuerySchema>;

export const AdminSupportRequestSchema = SupportRequestSchema.extend({
  userId: z.string(),
  userEmail: z.string().nullable(),
  /** Milliseconds since the request was opened, at the answer's time. */
  ageMs: z.number().int(),
});
export type AdminSupportRequest = z.infer<typeof AdminSupportRequestSchema>;

export const AdminSupportListResponseSchema = pageOf(AdminSupportRequestSchema).extend({ asOf: z.string() });
export type AdminSupportListResponse = z.infer<typeof AdminSupportListResponseSchema>;

export const AdminSupportThreadSchema = AdminSupportRequestSchema.extend({
  messages: z.array(SupportMessageSchema.extend({ authorEmail: z.string().nullable() })),
});
export type AdminSupportThread = z.infer<typeof AdminSupportThreadSchema>;
