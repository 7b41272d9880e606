import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { MailDelivery } from '../../shared/api/auth.schema.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { redactSecrets } from '../log-redaction.ts';
import { SILENT_LOG } from '../silent-log.ts';
import { deleteMailCreatedBefore, insertMail, insertMailToAccount, updateMailResult } from './outbox.queries.ts';

/**
 * `secrets`: the one-time tokens in the text, replaced by REDACTED in the stored copy once the mail is delivered.
 * `onlyToAccount`: queue it only if `to` is an account's address, decided inside the INSERT (no timing difference).
 */
export type Mail = { to: string; subject: string; text: string; secrets?: readonly string[]; onlyToAccount?: boolean };

export const REDACTED = '[redacted]';
/** mail_outbox keeps a row this long (every link in it has expired by then: reset 1 h, verification 24 h). */
export const MAIL_RETENTION_MS = 24 * 60 * 60 * 1000;

export type Mailer = {
  /** How mail leaves this server: `smtp` when SMTP_HOST is set, else `log` (the server log and mail_outbox only). */
  delivery: MailDelivery;
  /**
   * Records the mail in mail_outbox, then delivers it by SMTP in the background; `delivered` settles after that.
   * `id` is undefined when `onlyToAccount` found no account (nothing queued, logged or sent).
   */
  send: (db: Db, mail: Mail) => Promise<{ id: string | undefined; delivered: Promise<void> }>;
  /** The same mailer (one SMTP transport) logging to `log`: buildApp binds the app's logger once. */
  withLog: (log: FastifyBaseLogger) => Mailer;
};

/**
 * SMTP when SMTP_HOST is set; otherwise the mail goes to the server log and mail_outbox only, so a self-hoster
 * without a mail server can still finish a reset or verification by copying the link (development mode: the link is
 * logged on purpose, README). mail_outbox is a delivery queue, not an archive: a delivered row keeps its text with
 * the tokens redacted, and every row goes after MAIL_RETENTION_MS (purged whenever a mail is queued, no job needed).
 * Created once per process (runtime.ts) so every sender shares one SMTP transport.
 */
export function createMailer(config: Config, log: FastifyBaseLogger = SILENT_LOG): Mailer {
  return bindMailer(config, createTransport(config), log);
}

/** The SMTP transport, made on the first mail sent: nodemailer (~15 MB resident) is not loaded at start. */
function createTransport(config: Config): (() => Promise<Transporter>) | undefined {
  if (!config.SMTP_HOST) return undefined;
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: config.SMTP_HOST,
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE,
        ignoreTLS: config.SMTP_IGNORE_TLS,
        auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
      }),
    );
    return transport;
  };
}

function bindMailer(config: Config, transport: ReturnType<typeof createTransport>, log: FastifyBaseLogger): Mailer {
  return {
    delivery: transport ? 'smtp' : 'log',
    withLog: (other) => bindMailer(config, transport, other),
    send: async (db, { secrets = [], onlyToAccount = false, ...mail }) => {
      await deleteMailCreatedBefore(db, new Date(Date.now() - MAIL_RETENTION_MS));
      const id = onlyToAccount ? await insertMailToAccount(db, mail) : await insertMail(db, mail);
      if (id === undefined) return { id, delivered: Promise.resolve() };
      if (!transport) {
        log.info({ mailId: id, to: mail.to, subject: mail.subject, text: mail.text }, 'mail (no SMTP configured)');
        return { id, delivered: Promise.resolve() };
      }
      // Not awaited by callers: a slow mail server must not slow (or reveal anything through) the HTTP answer.
      const delivered = transport()
        .then((smtp) => smtp.sendMail({ from: config.SMTP_FROM, ...mail }))
        .then(() => updateMailResult(db, id, { sentAt: new Date(), text: redactSecrets(mail.text, secrets, REDACTED) }))
        .catch(async (error: unknown) => {
          log.error({ err: error, mailId: id }, 'SMTP delivery failed; the mail stays in mail_outbox');
          await updateMailResult(db, id, { error: error instanceof Error ? error.message : String(error) }).catch(
            () => {},
          );
        });
      return { id, delivered };
    },
  };
}
