import type { CapturedSms } from '@openseat/shared/schemas/communication';
import type { CapturedMail, CapturedMailSummary } from '@openseat/shared/schemas/mail';

type StoredMail = Omit<CapturedMailSummary, 'createdAt'> & { createdAt: Date };

export const presentMailSummary = (row: StoredMail): CapturedMailSummary => ({
  id_captured_mail: row.id_captured_mail,
  to: row.to,
  from: row.from,
  subject: row.subject,
  createdAt: row.createdAt.toISOString(),
});

export const presentMail = (row: StoredMail & { text: string | null; html: string | null }): CapturedMail => ({
  ...presentMailSummary(row),
  text: row.text,
  html: row.html,
});

export const presentCapturedSms = (row: {
  id_captured_text_message: number;
  to: string;
  from: string;
  body: string;
  createdAt: Date;
}): CapturedSms => ({
  id_captured_text_message: row.id_captured_text_message,
  to: row.to,
  from: row.from,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});
