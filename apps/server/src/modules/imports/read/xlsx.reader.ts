import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { openZip, type ZipDirectory, type ZipEntry } from '../../../lib/unzip';
import type { RawRow } from './import-file.types';

/*
 * An XLSX workbook read with exceljs's streaming parsers (rows as they are unzipped, never the whole sheet in memory),
 * its parts taken from the archive's central directory in the order they are needed.
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

type Sheet = { name: string; id: number; state?: string; rId: string };
type Relationship = { Id: string; Target: string };
type WorksheetReader = ExcelJS.stream.xlsx.WorksheetReader & { name: string; id: number };
/** exceljs's streaming reader, its parts parsed one by one here (each from the archive's central directory). */
type WorkbookParts = {
  model?: { sheets?: Sheet[]; properties?: { date1904?: boolean } };
  properties?: { model?: { date1904?: boolean } };
  workbookRels?: Relationship[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ eventType: 'worksheet'; value: WorksheetReader }>;
};

export class UnknownSheetError extends Error {}

/** The sheet's rows, and `close` to stop reading the workbook (whether or not the rows were started). */
export type XlsxRows = { sheets: string[]; sheet: string; rows: AsyncGenerator<RawRow>; close: () => Promise<void> };

/** A relationship's target as a path in the archive: relative to `xl/`, or absolute (`/xl/worksheets/sheet1.xml`). */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`));

/** An archive's part by name; writers differ in the case of names (`xl/SharedStrings.xml`). */
function partOf(zip: ZipDirectory, name: string): ZipEntry | undefined {
  const lower = name.toLowerCase();
  return zip.entries.get(name) ?? [...zip.entries.values()].find((e) => e.name.toLowerCase() === lower);
}

/**
 * Opens the workbook and finds the sheet to read (`sheet` by name, or the first visible sheet of the workbook): its
 * relationships, workbook, shared strings and styles are read first, then only that sheet's rows, as they are
 * unzipped. Throws `UnknownSheetError` when the workbook has no sheet of that name.
 */
export async function openXlsx(file: string, sheet?: string): Promise<XlsxRows> {
  const zip = await openZip(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookParts;
  const parse = async (name: string, parsePart: (part: Readable) => Promise<unknown>) => {
    const entry = partOf(zip, name);
    if (entry) await parsePart(zip.stream(entry));
  };
  await parse('xl/_rels/workbook.xml.rels', (part) => reader._parseRels(part));
  await parse('xl/workbook.xml', (part) => reader._parseWorkbook(part));
  await parse('xl/sharedStrings.xml', async (part) => {
    for await (const _ of reader._parseSharedStrings(part));
  });
  await parse('xl/styles.xml', (part) => reader._parseStyles(part));
  if (!reader.model) throw new Error('not a workbook: no xl/workbook.xml');

  const sheets = reader.model.sheets ?? [];
  const wanted =
    sheet === undefined
      ? (sheets.find((s) => s.state !== 'hidden' && s.state !== 'veryHidden') ?? sheets[0])
      : sheets.find((s) => s.name === sheet);
  if (sheet !== undefined && !wanted) throw new UnknownSheetError(sheet);
  const rel = wanted && reader.workbookRels?.find((r) => r.Id === wanted.rId);
  const entry = rel && partOf(zip, partPath(rel.Target));
  if (!wanted || !entry)
    return { sheets: sheets.map((s) => s.name), sheet: '', rows: (async function* () {})(), close: async () => {} };

  const part = zip.stream(entry);
  const worksheet = (reader._parseWorksheet(part, String(wanted.id)).next().value as { value: WorksheetReader }).value;
  Object.assign(worksheet, { id: wanted.id, name: wanted.name });
  const date1904 = Boolean(reader.properties?.model?.date1904 ?? reader.model.properties?.date1904);
  const close = async () => {
    part.destroy();
    await finished(part).catch(() => {});
  };
  return { sheets: sheets.map((s) => s.name), sheet: wanted.name, rows: rowsOf(worksheet, close, date1904), close };
}

async function* rowsOf(
  worksheet: WorksheetReader,
  close: () => Promise<void>,
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
    await close();
  }
}
