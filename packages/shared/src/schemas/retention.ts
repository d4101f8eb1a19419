import { z } from 'zod';
import { id, wholeNumber } from './rules';

/*
 * A school's retention policy (issue 28, docs/privacy.md "Retention"): applications of finalized periods are kept
 * a number of school years after their own school year ends, then anonymised; off (null) by default.
 */

export const RETENTION_YEARS_MIN = 1;
export const RETENTION_YEARS_MAX = 50;

export const RETENTION_RUN_STATES = ['pending', 'working', 'done', 'failed'] as const;
export type RetentionRunState = (typeof RETENTION_RUN_STATES)[number];

export const RETENTION_TRIGGERS = ['schedule', 'manual'] as const;

const years = wholeNumber(RETENTION_YEARS_MIN, RETENTION_YEARS_MAX, {
  required: 'retentionYearsRange',
  notNumber: 'retentionYearsRange',
  notWhole: 'retentionYearsRange',
  tooSmall: 'retentionYearsRange',
  tooLarge: 'retentionYearsRange',
});

export const RetentionQuerySchema = z.object({ id_school: id });
export type RetentionQuery = z.infer<typeof RetentionQuerySchema>;

/** PUT /retention/settings. */
export const RetentionSettingsRequestSchema = z.object({
  id_school: id,
  /** School years an application of a finalized period is kept after its own school year ends; null or '' keeps all. */
  retention_years: z.preprocess((v) => (v === '' ? null : v), years.nullable()),
});
export type RetentionSettingsRequest = z.infer<typeof RetentionSettingsRequestSchema>;

/** POST /retention/runs: the school's policy, applied now. */
export const RetentionRunRequestSchema = z.object({ id_school: id });
export type RetentionRunRequest = z.infer<typeof RetentionRunRequestSchema>;

export const RetentionRunSchema = z
  .object({
    id_retention_run: z.number().int(),
    trigger: z.enum(RETENTION_TRIGGERS),
    status: z.enum(RETENTION_RUN_STATES),
    retention_years: z.number().int(),
    /** Applications due when the run started; `applications` of them are done so far. */
    total: z.number().int(),
    applications: z.number().int(),
    /** Uploaded files removed (rows and files on disk). */
    files: z.number().int(),
    /** Messages whose recipient and body were blanked. */
    messages: z.number().int(),
    /** Rows of "who saw this record" removed (kept a year after the record's anonymisation). */
    accessRows: z.number().int(),
    /** Who asked for it; null for the daily schedule. */
    user: z.string().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .describe('One run of the retention policy');
export type RetentionRun = z.infer<typeof RetentionRunSchema>;

export const RetentionSettingsSchema = z
  .object({
    id_school: z.number().int(),
    retention_years: z.number().int().nullable(),
    /** The newest run, if any (a run under way shows its progress). */
    lastRun: RetentionRunSchema.nullable(),
  })
  .describe("A school's retention policy");
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;

export const RetentionPreviewRowSchema = z.object({
  id_school_year: z.number().int(),
  schoolYear: z.string(),
  id_campus: z.number().int(),
  campus: z.string(),
  applications: z.number().int(),
  files: z.number().int(),
  messages: z.number().int(),
});
export type RetentionPreviewRow = z.infer<typeof RetentionPreviewRowSchema>;

export const RetentionPreviewSchema = z
  .object({
    retention_years: z.number().int().nullable(),
    /** The school year now running where the school is (its time zone); periods of years ending before it by the policy go. */
    currentSchoolYear: z.string(),
    periods: z.array(RetentionPreviewRowSchema),
    totals: z.object({
      applications: z.number().int(),
      files: z.number().int(),
      messages: z.number().int(),
      accessRows: z.number().int(),
    }),
  })
  .describe('What a run would anonymise now, per school year and campus (the run applies the same query)');
export type RetentionPreview = z.infer<typeof RetentionPreviewSchema>;

export const RetentionRunsSchema = z
  .array(RetentionRunSchema)
  .describe("The school's 20 most recent runs, newest first");
