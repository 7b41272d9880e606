import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; data: string };

export type CapturingSmtp = {
  port: number;
  /** Every message received so far, in order, its body decoded. */
  received: CapturedMail[];
  /** Called after each message is stored (a test waiting for one sets it). */
  onMessage: () => void;
  /** The env that points an app's mailer at this server. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/** Undo quoted-printable soft breaks and =XX escapes, then decode the UTF-8 bytes (mailparser won't install). */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A local SMTP server that keeps what it receives, for tests of mail sent through real SMTP. */
export async function startCapturingSmtp(): Promise<CapturingSmtp> {
  const received: CapturedMail[] = [];
  const capture: CapturingSmtp = {
    port: 0,
    received,
    onMessage: () => {},
    env: {},
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
  // smtp-server's bundled certificate has expired: no STARTTLS here (nodemailer ignoreTLS on the other side).
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('latin1');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: decodeQuotedPrintable(data) });
        callback();
        capture.onMessage();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  capture.port = (smtp.server.address() as AddressInfo).port;
  capture.env = {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(capture.port),
    SMTP_IGNORE_TLS: 'true',
    SMTP_FROM: 'HeatRank <hr@test>',
  };
  return capture;
}
