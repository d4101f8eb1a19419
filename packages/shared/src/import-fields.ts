/**
 * Self-serve import (issue 27): the OpenSeat fields a column of a school's spreadsheet can be mapped to.
 * The file reader and mapping (`modules/imports/read`) produce `MappedImportRow`s; the dry run, duplicates,
 * commit and undo (`modules/imports/apply`) consume them. Values stay text as the file gave them (dates from
 * XLSX cells already written `YYYY-MM-DD`); the shared application schemas validate them.
 */
export const IMPORT_FIELDS = [
  'studentFirstName',
  'studentLastName',
  /** One column with the whole name ("Ana María López"): split at the last space when no first/last columns. */
  'studentFullName',
  'studentDateOfBirth',
  'studentGender',
  'studentAddress',
  'guardianName',
  'guardianEmail',
  'guardianPhone',
  'guardianLanguage',
  'campus',
  'grade',
  'status',
  /** When the application came in (its creation date in the last system). */
  'applicationDate',
  'priority',
  'siblingPriority',
  /** Several tags in one cell, separated by commas or semicolons. */
  'tags',
  'lotteryNumber',
  'waitingListPosition',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** One data row of the file after mapping: its 1-based row number in the file as a spreadsheet shows it. */
export interface MappedImportRow {
  rowNumber: number;
  values: Partial<Record<ImportField, string>>;
  /**
   * The school's grade, status, campus and priority item that the mapping's value maps matched to this row's `grade`,
   * `status`, `campus` and `priority` text (their "Kinder" to our grade K). When a value is resolved, `values` holds our name for it ("K",
   * "waitingList", the campus's name); a value no map matched stays as the file wrote it and has no id here.
   */
  resolved?: { id_grade?: number; id_status?: number; id_campus?: number; id_priority_item?: number };
}

/** The most rows one import takes (a whole network's season is well under it). */
export const IMPORT_MAX_ROWS = 50_000;
/** The largest file one import takes. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
