import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { decryptSecret } from '../../lib/crypto';
import type { Secrets } from '../../lib/secrets';
import type { Mail, Mailer } from '../mail/mail.types';
import { captureSms as keepCapturedSms } from '../mail/mail.service';
import { createMailer } from '../mail/mailer.service';
import { schoolSettings } from './transports.repository';

/*
 * Where a school's messages go. E-mail: the school's SendGrid key selects SendGrid's SMTP relay; otherwise the
 * server's mailer (SMTP_URL, or the capture page). SMS: the school's Twilio account, else the server's TWILIO_*
 * account, else the capture table (viewable like captured mail). A refusal says whether a retry can help.
 */

/** A provider's refusal; `permanent` when sending the same message again cannot succeed (a bad number). */
export class SendRefused extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export type SmsMessage = { to: string; from: string | null; body: string; statusCallback: string | null };
export type SmsSender = { kind: 'twilio' | 'capture'; send: (sms: SmsMessage) => Promise<{ providerId: string }> };
export type EmailSender = { send: (mail: Mail) => Promise<{ providerId: string | null }> };

export type TransportContext = { db: Executor; config: Config; secrets: Secrets; mailer: Mailer };

/** Transports per school for one dispatch run: built once per school, closed at the end. */
export class Transports {
  private readonly email = new Map<number, Promise<EmailSender>>();
  private readonly sms = new Map<number, Promise<SmsSender>>();
  private readonly opened: Mailer[] = [];

  constructor(private readonly context: TransportContext) {}

  emailFor(id_school: number): Promise<EmailSender> {
    let sender = this.email.get(id_school);
    if (!sender) this.email.set(id_school, (sender = this.openEmail(id_school)));
    return sender;
  }

  smsFor(id_school: number): Promise<SmsSender> {
    let sender = this.sms.get(id_school);
    if (!sender) this.sms.set(id_school, (sender = this.openSms(id_school)));
    return sender;
  }

  close() {
    for (const mailer of this.opened) mailer.close();
  }

  private async openEmail(id_school: number): Promise<EmailSender> {
    const settings = await schoolSettings(this.context.db, id_school);
    const mailer = this.context.mailer;
    if (!settings?.sendgrid_api_key_encrypted) return smtpSender(mailer);
    const key = decryptSecret(this.context.secrets.encryptionKey, settings.sendgrid_api_key_encrypted);
    const relay = createMailer({
      smtpUrl: `smtps://apikey:${encodeURIComponent(key)}@smtp.sendgrid.net:465`,
      from: this.context.config.mailFrom,
      db: this.context.db,
    });
    this.opened.push(relay);
    return smtpSender(relay);
  }

  private async openSms(id_school: number): Promise<SmsSender> {
    const { twilio } = this.context.config;
    const { accountSid, authToken } = await smsAccountOf(this.context, id_school);
    if (!accountSid || !authToken) return captureSms(this.context.db, twilio.from);
    return twilioSms({ apiUrl: twilio.apiUrl, accountSid, authToken, defaultFrom: twilio.from });
  }
}

/**
 * The Twilio account a school's SMS go through: its own when both its SID and auth token are set, else the
 * server's (TWILIO_*; null parts when the server has none, and SMS are captured). Twilio signs its callbacks with
 * the token of the account that owns the number, so the same rule decides which callbacks may act for the school.
 */
export type SmsAccount = { own: boolean; accountSid: string | null; authToken: string | null };

export async function smsAccountOf(
  context: Pick<TransportContext, 'db' | 'config' | 'secrets'>,
  id_school: number,
): Promise<SmsAccount> {
  const settings = await schoolSettings(context.db, id_school);
  if (settings?.twilio_account_sid && settings.twilio_auth_token_encrypted)
    return {
      own: true,
      accountSid: settings.twilio_account_sid,
      authToken: decryptSecret(context.secrets.encryptionKey, settings.twilio_auth_token_encrypted),
    };
  const { twilio } = context.config;
  return { own: false, accountSid: twilio.accountSid, authToken: twilio.authToken };
}

/** SMTP answers 5xx for a message that will never be accepted (no such mailbox) and 4xx for "try later". */
function smtpSender(mailer: Mailer): EmailSender {
  return {
    send: async (mail) => {
      try {
        return await mailer.send(mail);
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        throw new SendRefused(String((error as Error).message ?? error), code !== undefined && code >= 500);
      }
    },
  };
}

/** Twilio's Messages API (form-encoded, Basic auth); 4xx but 429 is a permanent refusal (bad number, opted out). */
export function twilioSms(opts: {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  defaultFrom: string | null;
}): SmsSender {
  const endpoint = `${opts.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    send: async (sms) => {
      const from = sms.from ?? opts.defaultFrom;
      if (!from) throw new SendRefused('No sender number: set the campus phone number or TWILIO_FROM', true);
      const form = new URLSearchParams({ To: sms.to, From: from, Body: sms.body });
      if (sms.statusCallback) form.set('StatusCallback', sms.statusCallback);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new SendRefused(`Twilio unreachable: ${(error as Error).message}`, false);
      }
      const body = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
      if (!response.ok || !body.sid) {
        const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
        throw new SendRefused(`Twilio ${response.status}: ${body.code ?? ''} ${body.message ?? ''}`.trim(), permanent);
      }
      return { providerId: body.sid };
    },
  };
}

/** No Twilio account: the SMS is kept in the database and listed beside captured mail (SuperAdmin, not production). */
function captureSms(db: Executor, defaultFrom: string | null): SmsSender {
  return {
    kind: 'capture',
    send: async (sms) => {
      const id = await keepCapturedSms(db, { to: sms.to, from: sms.from ?? defaultFrom ?? 'OpenSeat', body: sms.body });
      return { providerId: `captured:${id}` };
    },
  };
}
