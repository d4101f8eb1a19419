import { z } from 'zod';
import { IMPORT_FIELDS, IMPORT_MAX_ROWS } from '../import-fields';
import { id, optionalId, text } from './rules';
import { ImportMappingSchema, ImportValueMapsSchema } from './import-files';
import { PageQuerySchema } from './pagination';

/**
 * The dry run, duplicates, commit and undo of a self-serve import (issue 27, docs/import-apply.md). The file reader
 * (`modules/imports/read`) turns a spreadsheet into `MappedImportRow`s; these requests carry them with the value maps
 * the user confirmed (their "Kinder" -> our grade id, their statuses -> ours).
 */

const cell = text('invalidValue').max(10_000, { error: 'tooLong' });

/** One mapped row of the file (`MappedImportRow` of import-fields.ts). */
export const MappedImportRowSchema = z.object({
  rowNumber: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).min(1, { error: 'invalidValue' }),
  values: z.partialRecord(z.enum(IMPORT_FIELDS, { error: 'invalidValue' }), cell),
});

/** Where a file goes and how its values map: what an import needs besides its rows. */
export const ImportTargetSchema = z.object({
  id_school_year: id,
  /** The campus of rows without a campus column (and the only one a campus user may name). */
  id_campus: optionalId,
  maps: ImportValueMapsSchema,
});
export type ImportTarget = z.infer<typeof ImportTargetSchema>;

/** `POST /imports/dry-run`: what the commit would do, nothing written. */
export const ImportDryRunSchema = ImportTargetSchema.extend({
  rows: z
    .array(MappedImportRowSchema, { error: 'invalidValue' })
    .min(1, { error: 'required' })
    .max(IMPORT_MAX_ROWS, { error: 'tooLong' })
    // a row is named by its number: two rows with one number could not be told apart in the report
    .refine((rows) => new Set(rows.map((r) => r.rowNumber)).size === rows.length, { error: 'invalidValue' }),
});
export type ImportDryRun = z.infer<typeof ImportDryRunSchema>;

export const IMPORT_DECISIONS = ['merge', 'keep', 'skip'] as const;
export type ImportDecisionAction = (typeof IMPORT_DECISIONS)[number];

/** What to do with a duplicate row: fill the other side's empty fields, keep both, or leave the row out. */
export const ImportDecisionSchema = z.object({
  rowNumber: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).min(1, { error: 'invalidValue' }),
  action: z.enum(IMPORT_DECISIONS, { error: 'invalidValue' }),
});

const decisions = z.array(ImportDecisionSchema, { error: 'invalidValue' }).max(IMPORT_MAX_ROWS).default([]);

/** `POST /imports/commit`: the dry run's request and a decision for every duplicate row it reported. */
export const ImportCommitSchema = ImportDryRunSchema.extend({ decisions });
export type ImportCommit = z.infer<typeof ImportCommitSchema>;

/**
 * `POST /imports/files/:id/dry-run`: an uploaded file read through a mapping (its columns and its grade, status,
 * campus and priority words); the school's own names resolve without a map. Where the rows go as for `/imports/dry-run`.
 */
export const ImportFileRunSchema = z.object({
  /** The workbook's sheet (the first visible one when absent); none for a CSV. */
  sheet: text('invalidValue').trim().min(1, { error: 'required' }).max(200, { error: 'tooLong' }).optional(),
  mapping: ImportMappingSchema,
  id_school_year: id,
  id_campus: optionalId,
});
export type ImportFileRun = z.infer<typeof ImportFileRunSchema>;

/** `POST /imports/files/:id/commit`: the file's dry run and a decision for every duplicate row it reported. */
export const ImportFileCommitSchema = ImportFileRunSchema.extend({ decisions });
export type ImportFileCommit = z.infer<typeof ImportFileCommitSchema>;

/** A commit's target and decisions, its rows given apart (as the file reader streams them). */
export const ImportCommitTargetSchema = ImportTargetSchema.extend({ decisions });
export type ImportCommitTarget = z.infer<typeof ImportCommitTargetSchema>;

// ---- responses ----

/** One problem of one row: the row's number in the file, our field its column maps to, and the message key. */
export const ImportProblemSchema = z.object({
  rowNumber: z.number().int(),
  column: z.enum(IMPORT_FIELDS),
  /** A message key of messages.ts. */
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** One side of a duplicate pair, as the screen shows it side by side. */
export const ImportPartySchema = z.object({
  /** A row of the file (its number) or an application already in OpenSeat (its id and number). */
  rowNumber: z.number().int().nullable(),
  id_application: z.number().int().nullable(),
  correlative: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  guardianName: z.string().nullable(),
  guardianEmail: z.string().nullable(),
  guardianPhoneNumber: z.string().nullable(),
});

export const ImportDuplicateSchema = z.object({
  /** The later row, the one the decision is about. */
  row: ImportPartySchema,
  /** What it looks like: an earlier row of the file or an application in OpenSeat. */
  other: ImportPartySchema,
  /** The contact they share. */
  reason: z.enum(['email', 'phone']),
});
export type ImportDuplicate = z.infer<typeof ImportDuplicateSchema>;

/** A grade the file would over-fill: its seats left and the seat-holding rows the file brings. */
export const ImportOverfillSchema = z.object({
  id_campus: z.number().int(),
  id_grade: z.number().int(),
  seatsLeft: z.number().int(),
  requested: z.number().int(),
});

export const ImportReportSchema = z.object({
  counts: z.object({ new: z.number().int(), duplicate: z.number().int(), refused: z.number().int() }),
  /** Every problem, in row order. */
  problems: z.array(ImportProblemSchema),
  duplicates: z.array(ImportDuplicateSchema),
  /** Grades the file would over-fill: the whole file is refused while any is listed. */
  overfilled: z.array(ImportOverfillSchema),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const IMPORT_BATCH_STATUSES = ['pending', 'working', 'done', 'failed', 'undone'] as const;

export const ImportBatchSchema = z
  .object({
    id_import_batch: z.number().int(),
    id_campus: z.number().int().nullable(),
    id_school_year: z.number().int(),
    id_user: z.number().int().nullable(),
    status: z.enum(IMPORT_BATCH_STATUSES),
    total: z.number().int(),
    processed: z.number().int(),
    created: z.number().int(),
    merged: z.number().int(),
    skipped: z.number().int(),
    refused: z.number().int(),
    /** Why the commit failed, translated. */
    error: z.string().nullable(),
    createdAt: z.string(),
    committedAt: z.string().nullable(),
    undoneAt: z.string().nullable(),
  })
  .describe('An import and its progress');
export type ImportBatch = z.infer<typeof ImportBatchSchema>;

export type ImportBatchStatus = (typeof IMPORT_BATCH_STATUSES)[number];

export const ImportBatchParamsSchema = z.object({ id: id });
export const ImportBatchesQuerySchema = PageQuerySchema.pick({ page: true, pageSize: true });

/** `GET /imports/conflicts`: the same child with applications at several campuses in one school year. */
export const ImportConflictsQuerySchema = PageQuerySchema.pick({ page: true, pageSize: true }).extend({
  id_school_year: id,
});

export const ImportConflictSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string(),
    applications: z.array(
      z.object({
        id_application: z.number().int(),
        correlative: z.number().int(),
        id_campus: z.number().int(),
        campus: z.string(),
        id_status: z.number().int(),
      }),
    ),
  })
  .describe('One child with applications at several campuses');
export type ImportConflict = z.infer<typeof ImportConflictSchema>;
