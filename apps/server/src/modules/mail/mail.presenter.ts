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
