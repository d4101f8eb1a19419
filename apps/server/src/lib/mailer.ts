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
};
export type Mailer = { send: (mail: Mail) => Promise<void>; kind: 'smtp' | 'capture' };

/**
 * SMTP when SMTP_URL is set (SendGrid's relay, or any server); otherwise mail is captured in the database
 * and listed on the in-app Mail page, like a development mail catcher. Callers do not send from a request:
 * they write an outbox row that a job sends (modules/mail/account-mail.service.ts), so a refused send is retried.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; db: Executor }): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      send: async (mail) => {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  return {
    kind: 'capture',
    send: async (mail) => {
      await opts.db
        .insert(capturedMail)
        .values({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
    },
  };
}
