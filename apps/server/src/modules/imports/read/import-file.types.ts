import type { ImportFileKind } from '@openseat/shared/schemas/import-files';

/** One row of the file as read: its number as a spreadsheet shows it (1-based, the header row counted) and its cells. */
export type RawRow = { rowNumber: number; cells: string[] };

/** A file opened for reading: its header row, its sheets (XLSX) and its data rows, read as they are asked for. */
export type ImportFileReading = {
  kind: ImportFileKind;
  /** The header row's cells, trimmed ("" for a column without a header). */
  headers: string[];
  /** The row the headers were found on. */
  headerRowNumber: number;
  /** The workbook's sheet names in the workbook's order (XLSX only). */
  sheets?: string[];
  /** The sheet read (XLSX only). */
  sheet?: string;
  /** The data rows after the header, without fully empty rows, each with as many cells as there are headers (or more). */
  rows: AsyncIterable<RawRow>;
  /** Stops reading and closes the file (for a preview that reads a few rows); reading every row closes it too. */
  close: () => Promise<void>;
};
