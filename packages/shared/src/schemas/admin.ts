import { z } from 'zod';
import { exactTotal } from './pagination';
import { totalExactField } from './responses';
import { date, optionalDate, pageNumber, text, wholeNumber } from './rules';

/** pg-boss 10's job states. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

const optionalFilter = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    text().trim().max(max, { error: 'tooLong' }).optional(),
  );

const optionalWhole = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  wholeNumber(1, 2_147_483_647, {
    required: 'required',
    notNumber: 'mustBeNumber',
    notWhole: 'mustBeInteger',
    tooSmall: 'numberOutOfRange',
  }).optional(),
);

/** `GET /admin/jobs`: 50 jobs a page, newest first. */
export const AdminJobsQuerySchema = z.object({
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(JOB_STATES, { error: 'invalidValue' }).optional()),
  name: optionalFilter(100),
  page: pageNumber.default(0),
});
export type AdminJobsQuery = z.infer<typeof AdminJobsQuerySchema>;

/** One job of the queue: never its payload (ids only, but still none of the console's business). */
export const AdminJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  /** ISO 8601 date-times. */
  createdOn: z.string(),
  startedOn: z.string().nullable(),
  completedOn: z.string().nullable(),
  /** The error of a failed job (message and stack as pg-boss kept them), null otherwise. */
  error: z.string().nullable(),
});
export type AdminJob = z.infer<typeof AdminJobSchema>;

export const AdminJobCountSchema = z.object({ name: z.string(), state: z.enum(JOB_STATES), count: z.number().int() });
export type AdminJobCount = z.infer<typeof AdminJobCountSchema>;

export const AdminJobsPageSchema = z.object({
  data: z.array(AdminJobSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Jobs per queue and state, over the whole queue (not the filters). */
  counts: z.array(AdminJobCountSchema),
});
export type AdminJobsPage = z.infer<typeof AdminJobsPageSchema>;

export const JobIdParamsSchema = z.object({ id: z.uuid({ error: 'invalidValue' }) });

/** `GET /admin/audit`: 50 rows a page, newest first; `from`/`to` are UTC days, both included. */
export const AdminAuditQuerySchema = z.object({
  id_user: optionalWhole,
  /** Who, by name or e-mail (contains, case-insensitive). */
  who: optionalFilter(100),
  action: optionalFilter(100),
  entity: optionalFilter(100),
  entityId: optionalFilter(100),
  id_school: optionalWhole,
  from: optionalDate(),
  to: optionalDate(),
  page: pageNumber.default(0),
  exactTotal,
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuerySchema>;

export const AdminAuditRowSchema = z.object({
  id_audit_log: z.number().int(),
  /** ISO 8601 date-time. */
  createdAt: z.string(),
  id_user: z.number().int().nullable(),
  userName: z.string().nullable(),
  id_school: z.number().int().nullable(),
  schoolName: z.string().nullable(),
  id_campus: z.number().int().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  changes: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type AdminAuditRow = z.infer<typeof AdminAuditRowSchema>;

export const AdminAuditPageSchema = z.object({
  data: z.array(AdminAuditRowSchema),
  total: z.number().int(),
  totalExact: totalExactField,
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminAuditPage = z.infer<typeof AdminAuditPageSchema>;

export const ADMIN_PAGE_SIZE = 50;

/**
 * `GET /admin/record-reads/export`: every record one user read between two dates (both included), for a breach
 * notification (docs/privacy.md).
 */
export const AdminRecordReadsQuerySchema = z
  .object({
    id_user: wholeNumber(1, 2_147_483_647, {
      required: 'required',
      notNumber: 'mustBeNumber',
      notWhole: 'mustBeInteger',
      tooSmall: 'numberOutOfRange',
    }),
    from: date(),
    to: date(),
  })
  .refine((q) => q.from <= q.to, { error: 'datesOrder', path: ['to'] });
export type AdminRecordReadsQuery = z.infer<typeof AdminRecordReadsQuerySchema>;
