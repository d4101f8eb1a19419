import { open, stat } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@openseat/shared/import-fields';
import type { ImportFileKind } from '@openseat/shared/schemas/import-files';
import { AppError, badRequest, notFound, payloadTooLarge } from '../../../lib/errors';
import { markOf, readCsvRows } from './csv.reader';
import type { ImportFileReading, RawRow } from './import-file.types';
import { openXlsx, UnknownSheetError } from './xlsx.reader';

/*
 * One entry to a school's file, CSV or XLSX alike: its kind read from its bytes, its header row found (a title row
 * above it skipped), its data rows numbered as a spreadsheet shows them, without the fully empty ones, within the
 * limits. Rows are read as they are asked for, so the caller decides how much of the file is read.
 */

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A text file has no NUL byte in its first bytes; a binary one (an old .xls, a PDF, an image) almost surely has. */
const TEXT_PROBE_BYTES = 8 * 1024;
/** How far down the header row is looked for: title rows, blank rows and notes above it. */
const HEADER_LOOKAHEAD = 10;

export const notImportable = () => badRequest('importFileType', [{ path: 'file', message: 'importFileType' }]);
const unreadable = () => badRequest('importFileUnreadable', [{ path: 'file', message: 'importFileUnreadable' }]);
const unknownSheet = () => badRequest('importSheetUnknown', [{ path: 'sheet', message: 'importSheetUnknown' }]);
const tooManyRows = () => badRequest('importTooManyRows', [{ path: 'file', message: 'importTooManyRows' }]);

/** The file's first bytes (empty for an empty file). */
async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const probe = Buffer.alloc(TEXT_PROBE_BYTES);
    const { bytesRead } = await handle.read(probe, 0, TEXT_PROBE_BYTES, 0);
    return probe.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The file's kind from its content (never its name): an XLSX workbook, or text read as CSV; 400 otherwise. Text with
 * a byte-order mark is text whatever `file-type` makes of it (a UTF-16 mark reads to it as MPEG audio); text has no
 * NUL byte otherwise.
 */
export async function importFileKind(file: string): Promise<ImportFileKind> {
  const head = await headOf(file);
  if (head.length === 0) throw notImportable();
  if (markOf(head)) return 'csv';
  const detected = await fileTypeFromFile(file).catch(() => undefined);
  if (detected?.mime === XLSX_MIME) return 'xlsx';
  // a ZIP whose workbook parts come after a large sheet (a streaming writer's order) is past what file-type reads
  if (head.subarray(0, 4).equals(ZIP_SIGNATURE) && (!detected || detected.mime === 'application/zip'))
    return (await isWorkbook(file)) ? 'xlsx' : Promise.reject(notImportable());
  if (detected || head.includes(0)) throw notImportable();
  return 'csv';
}

/** Whether a ZIP opens as a workbook with at least one sheet. */
async function isWorkbook(file: string): Promise<boolean> {
  try {
    const opened = await openXlsx(file);
    await opened.close();
    return opened.sheets.length > 0;
  } catch {
    return false;
  }
}

const filled = (cells: string[]) => cells.reduce((n, c) => (c.trim() === '' ? n : n + 1), 0);

/**
 * The header row among the first non-empty rows: the first one, unless it has fewer than two cells or at most half
 * as many as the row after it (a merged title such as "Waiting list 2026-27", or "School:" and a name, above the
 * real headers). Index into `candidates`.
 */
export function headerIndex(candidates: string[][]): number {
  let i = 0;
  while (i + 1 < candidates.length) {
    const here = filled(candidates[i]);
    const next = filled(candidates[i + 1]);
    if (here >= 2 && here * 2 > next) break;
    if (here >= next) break;
    i++;
  }
  return i;
}

/** A header's text on one line: a header cell may hold a line break ("Date of\nbirth"). */
const headerText = (cell: string) => cell.replace(/\s+/g, ' ').trim();

/** A data row's cells, trimmed, as many as the headers (empty cells past the last header dropped, others kept). */
function shaped(cells: string[], width: number): string[] {
  const out = cells.map((c) => c.trim());
  while (out.length > width && out[out.length - 1] === '') out.pop();
  while (out.length < width) out.push('');
  return out;
}

/** Our own refusals pass; anything a parser throws is an unreadable file (400), never a 500. */
const asReadError = (error: unknown) => {
  if (error instanceof AppError) return error;
  if (error instanceof UnknownSheetError) return unknownSheet();
  return unreadable();
};

async function* guarded(rows: AsyncGenerator<RawRow>): AsyncGenerator<RawRow> {
  try {
    yield* rows;
  } catch (error) {
    throw asReadError(error);
  }
}

/**
 * Opens a school's file for reading: `{ headers, sheets?, rows }`. CSV in UTF-8 (with or without BOM), UTF-16 (with
 * its BOM) or Windows-1252, comma, semicolon or tab; XLSX's first visible sheet or `sheet`. `rows` yields each data row once, numbered as a
 * spreadsheet shows it; past IMPORT_MAX_ROWS data rows it throws 400 `importTooManyRows`. Throws 400 for a file that
 * is neither (`importFileType`), cannot be read (`importFileUnreadable`), has no such sheet (`importSheetUnknown`) or no
 * header row (`importFileEmpty`), and 413 past IMPORT_MAX_BYTES.
 */
export async function readImportFile(
  file: string,
  options: { sheet?: string; kind?: ImportFileKind } = {},
): Promise<ImportFileReading> {
  const { size } = await stat(file).catch(() => {
    throw notFound();
  });
  if (size > IMPORT_MAX_BYTES) throw payloadTooLarge('importFileTooLarge');
  const kind = options.kind ?? (await importFileKind(file));
  let sheets: string[] | undefined;
  let sheet: string | undefined;
  let source: AsyncGenerator<RawRow>;
  let closeSource = async () => {};
  if (kind === 'xlsx') {
    const opened = await openXlsx(file, options.sheet).catch((error: unknown) => {
      throw asReadError(error);
    });
    ({ sheets, sheet } = opened);
    source = guarded(opened.rows);
    closeSource = opened.close;
  } else {
    if (options.sheet !== undefined) throw unknownSheet();
    source = guarded(readCsvRows(file));
  }

  // the first non-empty rows, to find the header row among them
  const head: RawRow[] = [];
  try {
    while (head.length < HEADER_LOOKAHEAD) {
      const next = await source.next();
      if (next.done) break;
      if (filled(next.value.cells) > 0) head.push(next.value);
    }
  } catch (error) {
    await source.return(undefined);
    await closeSource();
    throw error;
  }
  const at = headerIndex(head.map((r) => r.cells));
  const headerRow = head[at] as RawRow | undefined;
  const headers = (headerRow?.cells ?? []).map(headerText);
  while (headers.length && headers[headers.length - 1] === '') headers.pop();
  if (headers.length === 0) {
    await closeSource();
    throw badRequest('importFileEmpty', [
      { path: options.sheet === undefined ? 'file' : 'sheet', message: 'importFileEmpty' },
    ]);
  }

  async function* rows(): AsyncGenerator<RawRow> {
    let count = 0;
    const emit = (row: RawRow) => {
      if (++count > IMPORT_MAX_ROWS) throw tooManyRows();
      return { rowNumber: row.rowNumber, cells: shaped(row.cells, headers.length) };
    };
    try {
      for (const row of head.slice(at + 1)) yield emit(row);
      for (;;) {
        const next = await source.next();
        if (next.done) break;
        if (filled(next.value.cells) > 0) yield emit(next.value);
      }
    } finally {
      await source.return(undefined);
      await closeSource();
    }
  }
  const iterator = rows();
  return {
    kind,
    headers,
    headerRowNumber: headerRow?.rowNumber ?? 1,
    sheets,
    sheet,
    rows: iterator,
    close: async () => {
      await iterator.return(undefined);
      await source.return(undefined);
      await closeSource();
    },
  };
}
