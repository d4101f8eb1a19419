import nodemailer, { type Transporter } from 'nodemailer';
import type { Executor } from '../../db/client';
import type { Mailer } from './mail.types';
import * as repo from './mail.repository';

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
      const id = await repo.insertCapturedMail(opts.db, {
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
      });
      return { providerId: `captured:${id}` };
    },
    close: () => {},
  };
}
