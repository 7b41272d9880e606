import type {
  CreateSupportRequestBody,
  SupportListResponse,
  SupportMessage,
  SupportPriorityResponse,
  SupportRequest,
  SupportThread,
} from '../../../shared/api/support.schema.ts';
import { SUPPORT_LIMITS } from '../../../shared/api/support.schema.ts';
import type { Language } from '../../../shared/locales/index.ts';
import {
  addBusinessDays,
  SUPPORT_RESPONSE_TARGETS,
  type SupportPriority,
  supportPriorityOf,
} from '../../../shared/membership/support.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Viewer } from '../../access/viewer-level.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import {
  countMessages,
  countUserSupport,
  insertSupportMessage,
  insertSupportRequest,
  type LockedRequest,
  lockRequest,
  lockUserSupport,
  projectExists,
  type SupportRequestRow,
  selectMessages,
  selectUserRequest,
  selectUserRequests,
  updateSupportRequest,
} from './support.queries.ts';

/** The zone whose weekends the business days skip (config DAY_TIME_ZONE). */
export type SupportClock = { now: Date; timeZone: string };

/** When a response is due for a request of `priority` that starts waiting at `from`. */
export const responseDueFrom = (priority: SupportPriority, clock: SupportClock, from = clock.now) =>
  addBusinessDays(from, SUPPORT_RESPONSE_TARGETS[priority].businessDays, clock.timeZone);

/** A stored request as the API shows it; overdue = waiting for the support team past its due time. */
export function toSupportRequest(row: SupportRequestRow, now: Date): SupportRequest {
  return {
    id: row.id,
    subject: row.subject,
    projectId: row.projectId,
    projectName: row.projectName,
    language: row.language,
    level: row.level,
    priority: row.priority,
    state: row.state,
    targetBusinessDays: SUPPORT_RESPONSE_TARGETS[row.priority].businessDays,
    responseDueAt: row.responseDueAt?.toISOString() ?? null,
    overdue: row.state === 'open' && row.responseDueAt !== null && row.responseDueAt.getTime() < now.getTime(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    messageCount: row.messageCount,
  };
}

type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

/** A message as its user sees it: who wrote it by role only (the admin's address is not shown to users). */
export const toSupportMessage = (row: MessageRow): SupportMessage => ({
  id: row.id,
  author: row.authorRole,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

/** GET /api/support/priority: the viewer's level (test mode's preview included) and what a new request would get. */
export function getSupportPriority(viewer: Viewer): SupportPriorityResponse {
  const priority = supportPriorityOf(viewer.level);
  return { level: viewer.level, priority, targetBusinessDays: SUPPORT_RESPONSE_TARGETS[priority].businessDays };
}

/** The caps of SUPPORT_LIMITS, read under the user's lock; throws SUPPORT_LIMIT_REACHED (429). */
async function assertUnderCaps(tx: Db, userId: string, now: Date, opening: boolean): Promise<void> {
  const counts = await countUserSupport(tx, userId, new Date(now.getTime() - DAY_MS));
  const over =
    counts.messagesRecent >= SUPPORT_LIMITS.messagesPerDay ||
    (opening && (counts.unclosed >= SUPPORT_LIMITS.openPerUser || counts.recent >= SUPPORT_LIMITS.perDay));
  if (!over) return;
  throw new AppError('SUPPORT_LIMIT_REACHED', {
    open: SUPPORT_LIMITS.openPerUser,
    perDay: SUPPORT_LIMITS.perDay,
    messagesPerDay: SUPPORT_LIMITS.messagesPerDay,
  });
}

/**
 * POST /api/support/requests: opens a request with its first message. The priority is the server's, from the viewer's
 * level (test mode's preview for an admin previewing): vip → priority, others → normal; the response is due after the
 * priority's business days. Throws SUPPORT_PROJECT_NOT_FOUND (400, an unknown project id) and SUPPORT_LIMIT_REACHED
 * (429; counted under the user's advisory lock, so parallel creations cannot pass the caps together).
 */
export async function createSupportRequest(
  db: Db,
  viewer: Viewer & { userId: string },
  body: CreateSupportRequestBody,
  language: Language,
  clock: SupportClock,
): Promise<SupportThread> {
  const { now } = clock;
  const priority = supportPriorityOf(viewer.level);
  const id = await withTransaction(db, async (tx) => {
    if (body.projectId && !(await projectExists(tx, body.projectId))) {
      throw new AppError('SUPPORT_PROJECT_NOT_FOUND', {}, { field: 'projectId' });
    }
    await lockUserSupport(tx, viewer.userId);
    await assertUnderCaps(tx, viewer.userId, now, true);
    const requestId = await insertSupportRequest(tx, {
      userId: viewer.userId,
      projectId: body.projectId ?? null,
      subject: body.subject,
      language: body.language ?? language,
      level: viewer.level,
      priority,
      state: 'open',
      responseDueAt: responseDueFrom(priority, clock),
      createdAt: now,
      updatedAt: now,
    });
    await insertSupportMessage(tx, {
      requestId,
      authorId: viewer.userId,
      authorRole: 'user',
      text: body.text,
      createdAt: now,
    });
    return requestId;
  });
  return getMySupportThread(db, viewer.userId, id, now);
}

/** GET /api/support/requests: the caller's own requests, newest first. */
export async function listMySupportRequests(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
  now: Date,
): Promise<SupportListResponse> {
  const { rows, total } = await selectUserRequests(db, userId, page);
  return { items: rows.map((row) => toSupportRequest(row, now)), total, ...page };
}

/** GET /api/support/requests/:id: one of the caller's requests with its thread; 404 for anyone else's id. */
export async function getMySupportThread(db: Db, userId: string, id: string, now: Date): Promise<SupportThread> {
  const row = await selectUserRequest(db, userId, id);
  if (!row) throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
  const messages = await selectMessages(db, id);
  return { ...toSupportRequest(row, now), messages: messages.map(toSupportMessage) };
}

/** The caller's request, locked; 404 when it is missing or another user's (the same answer for both). */
async function lockOwnRequest(tx: Db, userId: string, id: string): Promise<LockedRequest> {
  const request = await lockRequest(tx, id);
  if (!request || request.userId !== userId) throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
  return request;
}

/** Throws SUPPORT_THREAD_FULL (409) when the thread already holds SUPPORT_LIMITS.messagesPerRequest messages. */
export async function assertThreadHasRoom(tx: Db, requestId: string): Promise<void> {
  if ((await countMessages(tx, requestId)) < SUPPORT_LIMITS.messagesPerRequest) return;
  throw new AppError('SUPPORT_THREAD_FULL', { max: SUPPORT_LIMITS.messagesPerRequest });
}

/**
 * POST /api/support/requests/:id/messages: the user's follow-up. An answered request waits again (open, due after its
 * priority's business days from now); an open one keeps its due time. Throws SUPPORT_REQUEST_NOT_FOUND (404, another
 * user's id too), SUPPORT_REQUEST_CLOSED (409), SUPPORT_THREAD_FULL (409), SUPPORT_LIMIT_REACHED (429).
 */
export async function addSupportFollowUp(
  db: Db,
  userId: string,
  id: string,
  text: string,
  clock: SupportClock,
): Promise<SupportThread> {
  const { now } = clock;
  await withTransaction(db, async (tx) => {
    await lockUserSupport(tx, userId);
    const request = await lockOwnRequest(tx, userId, id);
    if (request.state === 'closed') throw new AppError('SUPPORT_REQUEST_CLOSED');
    await assertThreadHasRoom(tx, id);
    await assertUnderCaps(tx, userId, now, false);
    await insertSupportMessage(tx, { requestId: id, authorId: userId, authorRole: 'user', text, createdAt: now });
    await updateSupportRequest(tx, id, {
      state: 'open',
      responseDueAt: request.state === 'answered' ? responseDueFrom(request.priority, clock) : request.responseDueAt,
      updatedAt: now,
    });
  });
  return getMySupportThread(db, userId, id, now);
}

/** POST /api/support/requests/:id/close: the user closes their request (again: no change). 404 for another's id. */
export async function closeMySupportRequest(db: Db, userId: string, id: string, now: Date): Promise<SupportThread> {
  await withTransaction(db, async (tx) => {
    const request = await lockOwnRequest(tx, userId, id);
    if (request.state === 'closed') return;
    await updateSupportRequest(tx, id, { state: 'closed', closedAt: now, responseDueAt: null, updatedAt: now });
  });
  return getMySupportThread(db, userId, id, now);
}
