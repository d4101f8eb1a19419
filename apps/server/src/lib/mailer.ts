import nodemailer, { type Transporter } from 'nodemailer';
import type { Executor } from '../db/client';
import { capturedMail } from '../db/schema/index';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `<key@host>`: the same for every attempt at one message, so a receiver can drop a resend. */
  messageId?: string;
  /** Where a reply goes (a family answering an offer writes to its campus). */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe on bulk mail). */
  headers?: Record<string, string>;
};
/** What the server answered: the SMTP reply (e.g. `250 Ok: queued as 12345`), or the captured row's id. */
export type MailReceipt = { providerId: string | null };
export type Mailer = {
  send: (mail: Mail) => Promise<MailReceipt>;
  kind: 'smtp' | 'capture';
  /** Lets go of pooled connections. */
  close: () => void;
};

/**
 * SMTP when SMTP_URL is set (SendGrid's relay, or any server); otherwise mail is captured in the database
 * and listed on the in-app Mail page, like a development mail catcher. Callers do not send from a request:
 * they write an outbox row that a job sends (modules/account-mail/account-mail.service.ts), so a refused send is retried.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; db: Executor }): Mailer {
  if (opts.smtpUrl) {
    // pooled: a burst of family mail reuses a few connections instead of one handshake per message
    const transport: Transporter = nodemailer.createTransport({ url: opts.smtpUrl, pool: true, maxConnections: 5 });
    return {
      kind: 'smtp',
      send: async (mail) => {
        const info = (await transport.sendMail({ from: opts.from, ...mail })) as { response?: string };
        return { providerId: info.response ?? null };
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'capture',
    send: async (mail) => {
      const [row] = await opts.db
        .insert(capturedMail)
        .values({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
        .returning({ id: capturedMail.id_captured_mail });
      return { providerId: `captured:${row.id}` };
    },
    close: () => {},
  };
}
