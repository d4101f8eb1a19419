import ExcelJS from 'exceljs';
import type { RawRow } from './import-file.types';

/*
 * An XLSX workbook read with exceljs's streaming reader (rows as they are unzipped, never the whole sheet in memory).
 * Cells become the text a person sees: dates (date cells, and serial numbers in date-formatted cells, also as a
 * formula's result) as YYYY-MM-DD, numbers without exponent or binary noise (1e+5 is 100000, 3.0000000000000004 is 3).
 */

type CellValue = ExcelJS.CellValue;

/** Excel's day 0 is 1899-12-30 (the 1900 leap-year bug included); 1904-based workbooks start four years later. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const EXCEL_1904_OFFSET_DAYS = 1462;
const DAY_MS = 86_400_000;

/** A number format shows a date when it has date letters outside quotes and brackets (`[Red]`, `"days"`). */
function formatParts(numFmt: string | undefined) {
  const bare = (numFmt ?? '').replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return { isDate: /[ymdhsb]/i.test(bare) && !/^general$/i.test(bare.trim()), hasTime: /[hs]/i.test(bare) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date as YYYY-MM-DD (with the time when the format shows one and it is not midnight), rounded to the second. */
export function dateText(date: Date, withTime = true): string {
  const ms = Math.round(date.getTime() / 1000) * 1000;
  const d = new Date(ms);
  const day = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const seconds = Math.round((((ms % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
  if (!withTime || seconds === 0) return day;
  const time = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}`;
  return seconds % 60 ? `${day} ${time}:${pad(seconds % 60)}` : `${day} ${time}`;
}

/** An Excel serial day number (days since 1899-12-30, or since 1904-01-01 in a 1904 workbook) as a Date. */
export function excelSerialDate(serial: number, date1904 = false): Date {
  return new Date(EXCEL_EPOCH_MS + (serial + (date1904 ? EXCEL_1904_OFFSET_DAYS : 0)) * DAY_MS);
}

/**
 * A number as plain text: 15 significant digits (what Excel shows and stores faithfully: 0.1 + 0.2 is 0.3), no
 * exponent (1e+21 is 1000000000000000000000, 1e-7 is 0.0000001), no trailing zeros.
 */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  const rounded = Number(n.toPrecision(15));
  const text = String(rounded);
  if (!/e/i.test(text)) return text;
  if (Math.abs(rounded) >= 1) return BigInt(Math.round(rounded)).toString();
  return rounded.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/** The text a cell shows; `numFmt` is its number format (dates are told by it). */
export function cellText(value: CellValue, numFmt: string | undefined, date1904 = false): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value, formatParts(numFmt).hasTime);
  if (typeof value === 'number') {
    const format = formatParts(numFmt);
    return format.isDate ? dateText(excelSerialDate(value, date1904), format.hasTime) : numberText(value);
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('error' in value) return String(value.error);
  if ('result' in value) return cellText(value.result as CellValue, numFmt, date1904);
  if ('formula' in value || 'sharedFormula' in value) return '';
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text, numFmt, date1904);
  return '';
}

type Sheet = { name: string; state?: string; rId: string };
type WorkbookInternals = {
  model?: { sheets?: Sheet[]; properties?: { date1904?: boolean } };
  properties?: { model?: { date1904?: boolean } };
  workbookRels?: Array<{ Id: string; Target: string }>;
};
type WorksheetInternals = { id: number | string; name?: string };

/** A worksheet entry's name: exceljs matches `worksheets/sheetN.xml`; writers that use absolute targets are matched here. */
function nameOf(workbook: WorkbookInternals, worksheet: WorksheetInternals): string | undefined {
  if (worksheet.name) return worksheet.name;
  const target = `worksheets/sheet${worksheet.id}.xml`;
  const rel = workbook.workbookRels?.find((r) => r.Target.replace(/^\/?(xl\/)?/, '') === target);
  return workbook.model?.sheets?.find((s) => s.rId === rel?.Id)?.name;
}

export class UnknownSheetError extends Error {}

/** The sheet's rows, and `close` to stop reading the workbook (whether or not the rows were started). */
export type XlsxRows = { sheets: string[]; sheet: string; rows: AsyncGenerator<RawRow>; close: () => Promise<void> };

/**
 * Opens the workbook and finds the sheet to read (`sheet` by name, or the first visible sheet of the workbook); the
 * rows come as they are unzipped. Throws `UnknownSheetError` when the workbook has no sheet of that name.
 */
export async function openXlsx(file: string, sheet?: string): Promise<XlsxRows> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const workbook = reader as unknown as WorkbookInternals & {
    stream?: { destroy: () => void; readableEnded: boolean };
  };
  const iterator = reader[Symbol.asyncIterator]();
  let spilled = false;
  let closed = false;
  let current: unknown = null;
  const worksheets = {
    next: () => iterator.next(),
    /**
     * Stops reading. Ending exceljs's generator leaves its file stream open, so it is closed here. When the sheets were
     * spilled to temporary files (the zip read to its end before the first sheet came: its sheets precede its shared
     * strings, or it has none), exceljs removes each file once its sheet has been passed: the rest are passed, unread.
     */
    return: async () => {
      if (closed) return;
      closed = true;
      if (!spilled) {
        workbook.stream?.destroy();
        await iterator.return(undefined);
        return;
      }
      // each spilled sheet is read from its own file stream: closed, whether its rows were read or not
      const release = (sheet: unknown) => (sheet as { iterator?: { destroy?: () => void } }).iterator?.destroy?.();
      release(current);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) release(next.value);
    },
  };
  try {
    for (;;) {
      const next = await worksheets.next();
      if (next.done) break;
      const worksheet = next.value as unknown as ExcelJS.stream.xlsx.WorksheetReader & WorksheetInternals;
      spilled ||= workbook.stream?.readableEnded === true;
      current = worksheet;
      const sheets = workbook.model?.sheets ?? [];
      const wanted = sheet ?? (sheets.find((s) => s.state !== 'hidden' && s.state !== 'veryHidden') ?? sheets[0])?.name;
      if (sheet !== undefined && !sheets.some((s) => s.name === sheet)) throw new UnknownSheetError(sheet);
      const name = nameOf(workbook, worksheet);
      if (name !== wanted) continue; // its rows are skipped as the zip goes on
      const date1904 = Boolean(workbook.properties?.model?.date1904 ?? workbook.model?.properties?.date1904);
      return {
        sheets: sheets.map((s) => s.name),
        sheet: name!,
        rows: rowsOf(worksheet, worksheets, date1904),
        close: worksheets.return,
      };
    }
  } catch (error) {
    await worksheets.return();
    throw error;
  }
  await worksheets.return();
  if (sheet !== undefined) throw new UnknownSheetError(sheet);
  return {
    sheets: workbook.model?.sheets?.map((s) => s.name) ?? [],
    sheet: '',
    rows: (async function* () {})(),
    close: async () => {},
  };
}

async function* rowsOf(
  worksheet: ExcelJS.stream.xlsx.WorksheetReader,
  worksheets: { return: () => Promise<unknown> },
  date1904: boolean,
): AsyncGenerator<RawRow> {
  try {
    for await (const row of worksheet) {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        while (cells.length < column - 1) cells.push('');
        cells[column - 1] = cellText(cell.value, cell.numFmt, date1904);
      });
      yield { rowNumber: row.number, cells };
    }
  } finally {
    // stops the unzipping: the sheets after this one are not read
    await worksheets.return();
  }
}
