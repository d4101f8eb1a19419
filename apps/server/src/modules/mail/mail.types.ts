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

/** An SMS kept by the capture transport (no Twilio account), listed beside captured mail. */
export type CapturedSmsInput = { to: string; from: string; body: string };
