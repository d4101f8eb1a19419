import { z } from 'zod';
import { IMPORT_FIELDS } from '../import-fields';
import { id, requiredText, text } from './rules';

/*
 * Self-serve import (issue 27), the reading half: a school's file uploaded and previewed, its columns mapped to
 * OpenSeat's fields and its values (grades, statuses, campuses, priorities) to the school's own, mappings saved per
 * school by name.
 * docs/import-formats.md lists the presets' columns.
 */

export const IMPORT_FILE_KINDS = ['csv', 'xlsx'] as const;
export type ImportFileKind = (typeof IMPORT_FILE_KINDS)[number];

/** The first rows a preview shows. */
export const IMPORT_PREVIEW_ROWS = 20;

/** The longest header or value text a mapping keeps (a header is a short label; a longer one is not a header). */
const MAPPING_TEXT_MAX = 200;
/** The most columns or values one mapping names: far beyond any export's column count. */
const MAPPING_ENTRIES_MAX = 500;

const importField = z.enum(IMPORT_FIELDS, { error: 'invalidValue' });
const mappingText = text('invalidValue').max(MAPPING_TEXT_MAX, { error: 'tooLong' });
const entries = <T extends z.ZodType>(value: T) =>
  z
    .record(mappingText, value)
    .refine((r) => Object.keys(r).length <= MAPPING_ENTRIES_MAX, { error: 'tooLong' })
    .default({});

/** Their values (as written in the file, compared without case, accents or punctuation) to the school's own ids. */
export const ImportValueMapsSchema = z.object({
  /** Their grade names ("Kinder", "1st") to our `id_grade`. */
  grade: entries(id),
  /** Their statuses ("Waitlisted") to our `id_status`. */
  status: entries(id),
  /** Their campus names to the school's `id_campus`. */
  campus: entries(id),
  /** Their priority words ("Sibling at school", "Staff") to a priority item of the catalog. */
  priority: entries(id),
});
export type ImportValueMaps = z.infer<typeof ImportValueMapsSchema>;
export type ImportValueKind = keyof ImportValueMaps;

/** A column mapping: each header of the file (by its text) to the OpenSeat field it fills; unmapped headers are absent. */
export const ImportMappingSchema = z.object({
  columns: entries(importField),
  values: ImportValueMapsSchema.default({ grade: {}, status: {}, campus: {}, priority: {} }),
});
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

/** `POST /imports/mappings`, `PUT /imports/mappings/:id`: a named mapping of the school. */
export const ImportMappingRequestSchema = ImportMappingSchema.extend({ name: requiredText(100) });
export type ImportMappingRequest = z.infer<typeof ImportMappingRequestSchema>;

export const ImportMappingParamsSchema = z.object({ id: id });

const MappingOutSchema = z.object({
  columns: z.record(z.string(), importField),
  values: z.object({
    grade: z.record(z.string(), z.number().int()),
    status: z.record(z.string(), z.number().int()),
    campus: z.record(z.string(), z.number().int()),
    priority: z.record(z.string(), z.number().int()),
  }),
});

export const SavedImportMappingSchema = MappingOutSchema.extend({
  id_import_mapping: z.number().int(),
  name: z.string(),
  updatedAt: z.string(),
});
export type SavedImportMapping = z.infer<typeof SavedImportMappingSchema>;

/** A preset shipped for another system's export (SchoolMint, PowerSchool Enrollment, Google Forms). */
export const ImportPresetSchema = z.object({
  key: z.string(),
  name: z.string(),
  columns: z.record(z.string(), importField),
});
export type ImportPreset = z.infer<typeof ImportPresetSchema>;

/** `GET /imports/mappings`: the school's saved mappings and the presets shipped with OpenSeat. */
export const ImportMappingListSchema = z.object({
  saved: z.array(SavedImportMappingSchema),
  presets: z.array(ImportPresetSchema),
});
export type ImportMappingList = z.infer<typeof ImportMappingListSchema>;

export const ImportFileParamsSchema = z.object({ id: id });

/** `GET /imports/files/:id/preview`: which sheet of a workbook (the first visible one when absent). */
export const ImportPreviewQuerySchema = z.object({
  sheet: text('invalidValue')
    .trim()
    .min(1, { error: 'required' })
    .max(MAPPING_TEXT_MAX, { error: 'tooLong' })
    .optional(),
});
export type ImportPreviewQuery = z.infer<typeof ImportPreviewQuerySchema>;

/** A value of the file that no grade, status, campus or priority of the school matched: the user picks one. */
const UnmappedValuesSchema = z.object({
  grade: z.array(z.string()),
  status: z.array(z.string()),
  campus: z.array(z.string()),
  priority: z.array(z.string()),
});

/** An uploaded file with what the mapping screen needs: its headers, sheets, first rows and the guessed mapping. */
export const ImportFilePreviewSchema = z.object({
  id_import_file: z.number().int(),
  originalName: z.string(),
  kind: z.enum(IMPORT_FILE_KINDS),
  size: z.number().int(),
  createdAt: z.string(),
  /** The workbook's sheets in order (XLSX), and the one shown. */
  sheets: z.array(z.string()).optional(),
  sheet: z.string().optional(),
  /** The row the headers were found on (a title row above them is skipped). */
  headerRowNumber: z.number().int(),
  headers: z.array(z.string()),
  /** The first data rows, numbered as a spreadsheet numbers them. */
  rows: z.array(z.object({ rowNumber: z.number().int(), cells: z.array(z.string()) })),
  /** Each header's guessed field, and the preset whose columns the headers match best (if any does). */
  mapping: MappingOutSchema,
  preset: z.string().nullable(),
  /** Values of the preview's rows in grade, status, campus and priority columns the guessed value maps left unmatched. */
  unmapped: UnmappedValuesSchema,
});
export type ImportFilePreview = z.infer<typeof ImportFilePreviewSchema>;
