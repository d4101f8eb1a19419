import { z } from 'zod';

/*
 * Who saw this child (issue 28, docs/privacy.md): every read of an application's record, by a staff member (its
 * detail, a file, an export) or by its guardian in the portal.
 */

export const RECORD_ACCESS_KINDS = ['view', 'download', 'export', 'portal'] as const;
export type RecordAccessKind = (typeof RECORD_ACCESS_KINDS)[number];

export const RecordReaderSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('staff'), name: z.string().nullable(), email: z.string().nullable() }),
  /** The guardian's contact as the portal shows it (partly hidden). */
  z.object({ kind: z.literal('guardian'), contact: z.string() }),
]);

/** One read of the record: when, how, what beyond the application (a file's name, an export's format), by whom. */
export const RecordReadSchema = z.object({
  at: z.string(),
  how: z.enum(RECORD_ACCESS_KINDS),
  detail: z.string().nullable(),
  reader: RecordReaderSchema,
});
export type RecordRead = z.infer<typeof RecordReadSchema>;
