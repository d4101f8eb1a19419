import { z } from 'zod';
import { text } from './rules';

/*
 * Deletion on request (issue 28, docs/privacy.md "Deletion on request"): one student's or one family's personal data
 * removed from a school at once, as the retention policy removes it from old periods; counts and lottery records stay.
 */

/** 'student': the applicant's own applications (every period); 'family': also every application of their guardian. */
export const ERASURE_SCOPES = ['student', 'family'] as const;
export type ErasureScope = (typeof ERASURE_SCOPES)[number];

const scope = z.enum(ERASURE_SCOPES, { error: 'invalidValue' });

export const ErasureQuerySchema = z.object({ scope: scope.default('family') });

/** What a deletion would remove: the applications (any period, any campus of the school), files and messages. */
export const ErasurePreviewSchema = z.object({
  scope,
  applications: z.array(
    z.object({
      id_application: z.number().int(),
      correlative: z.number().int(),
      name: z.string(),
      campus: z.string(),
      schoolYear: z.string().nullable(),
      id_status: z.number().int(),
      /** Already anonymised (by the retention policy or an earlier request): nothing of it is left to remove. */
      anonymised: z.boolean(),
    }),
  ),
  files: z.number().int(),
  messages: z.number().int(),
});
export type ErasurePreview = z.infer<typeof ErasurePreviewSchema>;

/** The request: the scope, and the applicant's last name typed again (it cannot be undone). */
export const ErasureRequestSchema = z.object({
  scope,
  confirm: text('erasureConfirm').trim(),
});
export type ErasureRequest = z.infer<typeof ErasureRequestSchema>;

export const ErasureResultSchema = z.object({
  message: z.string(),
  applications: z.number().int(),
  files: z.number().int(),
  messages: z.number().int(),
});
