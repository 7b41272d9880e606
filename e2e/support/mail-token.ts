import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { mailOutbox } from '../../src/server/db/schema/index.ts';

/**
 * The one-time token of the newest mail to an address (a server without SMTP keeps it in mail_outbox): what the user
 * would click in their inbox. `path` picks the newest mail whose link goes there (e.g. '/team/join' for a team
 * invitation, whatever the address received since). Throws when no mail with such a link has arrived.
 */
export async function readMailToken(db: Db, email: string, path?: string): Promise<string> {
  const mails = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(path ? 20 : 1);
  const mail = path ? mails.find((m) => m.text.includes(`${path}?token=`)) : mails[0];
  const token = mail && /[?&]token=([^\s&]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no mail with a link${path ? ` to ${path}` : ''} to ${email}`);
  return decodeURIComponent(token);
}
