import type {
  AdminSupportListResponse,
  AdminSupportQuery,
  AdminSupportRequest,
  AdminSupportThread,
  SupportState,
} from '../../../shared/api/support.schema.ts';
import { DEFAULT_LANGUAGE, type Language, translate } from '../../../shared/locales/index.ts';
import { type AdminActor, recordAdminAction } from '../../audit/audit-log.service.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { getAppUrl } from '../auth/auth.service.ts';
import { notify } from '../notifications/notify.service.ts';
import {
  insertSupportMessage,
  type LockedRequest,
  lockRequest,
  type SupportRequestRow,
  selectMessages,
  selectQueue,
  selectRecipient,
  selectRequest,
  updateSupportRequest,
} from './support.queries.ts';
import {
  assertThreadHasRoom,
  responseDueFrom,
  type SupportClock,
  toSupportMessage,
  toSupportRequest,
} from './support.service.ts';

export type SupportAdminDeps = { db: Db; config: Config; mailer: Pick<Mailer, 'send'> };

const toAdminRequest = (row: SupportRequestRow, now: Date): AdminSupportRequest => ({
  ...toSupportRequest(row, now),
  userId: row.userId,
  userEmail: row.userEmail,
  ageMs: Math.max(0, now.getTime() - row.createdAt.getTime()),
});

/** GET /api/admin/support: the queue, priority first, then oldest first, each with its age, due time and overdue. */
export async function listSupportQueue(db: Db, query: AdminSupportQuery, now: Date): Promise<AdminSupportListResponse> {
  const page = { limit: query.limit, offset: query.offset };
  const { rows, total } = await selectQueue(db, query.state, page);
  return { items: rows.map((row) => toAdminRequest(row, now)), total, ...page, asOf: now.toISOString() };
}

/** GET /api/admin/support/:id: one request and its whole thread, with who wrote each message. */
export async function getSupportThreadForAdmin(db: Db, id: string, now: Date): Promise<AdminSupportThread> {
  const row = await selectRequest(db, id);
  if (!row) throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
  const messages = await selectMessages(db, id);
  return {
    ...toAdminRequest(row, now),
    messages: messages.map((m) => ({ ...toSupportMessage(m), authorEmail: m.authorEmail })),
  };
}

async function lockExisting(tx: Db, id: string): Promise<LockedRequest> {
  const request = await lockRequest(tx, id);
  if (!request) throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
  return request;
}

/** The reply's e-mail in `lang`: the subject, the reply's text (plain text) and the link to the thread. */
export function composeSupportReplyMail(
  to: string,
  lang: Language,
  request: { id: string; subject: string },
  text: string,
  appUrl: string,
): Mail {
  const params = { subject: request.subject, text, link: `${appUrl}/support?request=${request.id}` };
  return {
    to,
    subject: translate(lang, 'support.mail.subject', params),
    text: translate(lang, 'support.mail.body', params),
  };
}

/**
 * POST /api/admin/support/:id/replies: in one transaction the admin's message joins the thread, the request becomes
 * answered (first response time kept from the first reply, nothing due any more), the audit log records it and the
 * user gets one in-app notification (support_replied, linking to the thread). After the commit one e-mail goes to the
 * user's verified address in the account's language (else the request's). Throws SUPPORT_REQUEST_NOT_FOUND (404),
 * SUPPORT_REQUEST_CLOSED (409: reopen it first) and SUPPORT_THREAD_FULL (409).
 */
export async function replyToSupportRequest(
  deps: SupportAdminDeps,
  actor: AdminActor,
  id: string,
  text: string,
  clock: SupportClock,
): Promise<AdminSupportThread> {
  const { now } = clock;
  const request = await withTransaction(deps.db, async (tx) => {
    const locked = await lockExisting(tx, id);
    if (locked.state === 'closed') throw new AppError('SUPPORT_REQUEST_CLOSED');
    await assertThreadHasRoom(tx, id);
    const messageId = await insertSupportMessage(tx, {
      requestId: id,
      authorId: actor.id,
      authorRole: 'admin',
      text,
      createdAt: now,
    });
    await updateSupportRequest(tx, id, {
      state: 'answered',
      responseDueAt: null,
      firstResponseAt: locked.firstResponseAt ?? now,
      updatedAt: now,
    });
    await recordAdminAction(tx, {
      actor,
      action: 'support.reply',
      entity: 'support-request',
      entityId: id,
      before: { state: locked.state },
      after: { state: 'answered', messageId },
    });
    await notify(tx, [
      {
        userId: locked.userId,
        kind: 'support_replied',
        params: { requestId: id, subject: locked.subject },
        link: `/support?request=${id}`,
        dedupeKey: `support:${id}:${messageId}`,
      },
    ]);
    return locked;
  });
  const recipient = await selectRecipient(deps.db, request.userId);
  if (recipient?.email && recipient.emailVerifiedAt) {
    const lang: Language = recipient.language ?? request.language ?? DEFAULT_LANGUAGE;
    await deps.mailer.send(
      deps.db,
      composeSupportReplyMail(recipient.email, lang, request, text, getAppUrl(deps.config)),
    );
  }
  return getSupportThreadForAdmin(deps.db, id, now);
}

/**
 * POST /api/admin/support/:id/state: moves a request to open (waiting again, due after its business days from now),
 * answered (nothing due) or closed, audited. The same state again changes nothing and records nothing.
 */
export async function setSupportState(
  db: Db,
  actor: AdminActor,
  id: string,
  state: SupportState,
  clock: SupportClock,
): Promise<AdminSupportThread> {
  const { now } = clock;
  await withTransaction(db, async (tx) => {
    const locked = await lockExisting(tx, id);
    if (locked.state === state) return;
    await updateSupportRequest(tx, id, {
      state,
      closedAt: state === 'closed' ? now : null,
      responseDueAt: state === 'open' ? responseDueFrom(locked.priority, clock) : null,
      updatedAt: now,
    });
    await recordAdminAction(tx, {
      actor,
      action: 'support.state',
      entity: 'support-request',
      entityId: id,
      before: { state: locked.state },
      after: { state },
    });
  });
  return getSupportThreadForAdmin(db, id, now);
}
