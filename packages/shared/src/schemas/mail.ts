import { z } from 'zod';

/** A mail kept by the capture transport (embedded default without SMTP), as the Mail page lists it. */
export const CapturedMailSummarySchema = z.object({
  id_captured_mail: z.number().int(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  /** ISO 8601 date-time. */
  createdAt: z.string(),
});
export type CapturedMailSummary = z.infer<typeof CapturedMailSummarySchema>;

export const CapturedMailSchema = CapturedMailSummarySchema.extend({
  text: z.string().nullable(),
  html: z.string().nullable(),
});
export type CapturedMail = z.infer<typeof CapturedMailSchema>;
