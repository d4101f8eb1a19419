import { z } from 'zod';
import { PageQuerySchema } from './pagination';
import { id } from './rules';

/*
 * The hand-off of a period's students to the student information system (issue 25; docs/registration.md, "Hand-off
 * to the SIS"; docs/oneroster.md). Staff send the confirmed and enrolled students of a campus's school period as a
 * PowerSchool, SchoolMint or Aspire CSV or a OneRoster 1.2 CSV bundle; each send is a batch that marks its students.
 */

export const SIS_HANDOFF_FORMATS = ['powerschool', 'schoolmint', 'aspire', 'oneroster'] as const;
export type SisHandoffFormat = (typeof SIS_HANDOFF_FORMATS)[number];
/** `unsent` (the default): only the students no batch of this format has carried; `all`: every one again. */
export const SIS_HANDOFF_INCLUDE = ['unsent', 'all'] as const;
export type SisHandoffInclude = (typeof SIS_HANDOFF_INCLUDE)[number];

const format = z.enum(SIS_HANDOFF_FORMATS, { error: 'invalidValue' });

/** `GET /sis-handoff/students`: the period's students with their mark for this format, paginated. */
export const SisHandoffStudentsQuerySchema = PageQuerySchema.omit({ text: true }).extend({
  id_campus_year: id,
  format,
  /** Which students: those not yet sent in this format, those sent, or all. */
  sent: z.enum(['unsent', 'sent', 'all'], { error: 'invalidValue' }).default('all'),
});
export type SisHandoffStudentsQuery = z.infer<typeof SisHandoffStudentsQuerySchema>;

export const SisHandoffStudentSchema = z.object({
  id_application: z.number().int(),
  correlative: z.number().int(),
  applicant: z.string(),
  grade: z.string().nullable(),
  id_status: z.number().int(),
  /** The latest batch of this format that carried the student: when, by whom; null when never sent. */
  sentAt: z.string().nullable(),
  sentBy: z.string().nullable(),
});
export type SisHandoffStudent = z.infer<typeof SisHandoffStudentSchema>;

/** `POST /sis-handoff/batches`: a new batch of the period's students in one format. */
export const SisHandoffRequestSchema = z.object({
  id_campus_year: id,
  format,
  include: z.enum(SIS_HANDOFF_INCLUDE, { error: 'invalidValue' }).default('unsent'),
});
export type SisHandoffRequest = z.infer<typeof SisHandoffRequestSchema>;

export const SisHandoffBatchSchema = z.object({
  id_sis_handoff: z.number().int(),
  id_campus_year: z.number().int(),
  format: z.enum(SIS_HANDOFF_FORMATS),
  include: z.enum(SIS_HANDOFF_INCLUDE),
  /** Students carried. */
  count: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type SisHandoffBatch = z.infer<typeof SisHandoffBatchSchema>;

/** `GET /sis-handoff/batches`: the period's batches, newest first. */
export const SisHandoffBatchesQuerySchema = PageQuerySchema.omit({ text: true }).extend({ id_campus_year: id });
export type SisHandoffBatchesQuery = z.infer<typeof SisHandoffBatchesQuerySchema>;

export const SisHandoffBatchParamsSchema = z.object({ id });
