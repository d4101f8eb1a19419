import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { fileTypeFromFile } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '@openseat/shared/import-fields';
import { AppError } from '../../../lib/errors';
import { zipArchive } from '../../../lib/zip';
import { detectEncoding, sniffDelimiter } from './csv.reader';
import { headerIndex, readImportFile } from './import-file.reader';
import type { RawRow } from './import-file.types';
import { BOM_CSV, fixtureDir, messyWorkbook, TAB_CSV, WIN1252_CSV } from './import-fixtures';
import { numberText } from './xlsx.reader';

/*
 * Reading schools' files (issue 27): messy CSV and XLSX made byte by byte here, read back to the exact cells and the
 * row numbers a spreadsheet shows.
 */

let dir: string;
let remove: () => Promise<void>;
const write = async (name: string, bytes: Buffer | string) => {
  const file = path.join(dir, name);
  await fs.writeFile(file, bytes);
  return file;
};
const all = async (rows: AsyncIterable<RawRow>) => {
  const out: RawRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

beforeAll(async () => {
  ({ dir, remove } = await fixtureDir());
});
afterAll(() => remove());

describe('CSV', () => {
  it('reads UTF-8 with a BOM: quoted line breaks stay in their row, cells trimmed, empty rows skipped', async () => {
    const file = await write('bom.csv', BOM_CSV);
    expect(await detectEncoding(file)).toEqual({ encoding: 'utf-8', bom: 3 });
    const read = await readImportFile(file);
    expect(read.kind).toBe('csv');
    expect(read.headers).toEqual([
      'Student First Name',
      'Student Last Name',
      'DOB',
      'Parent Email',
      'Grade Level',
      'Notes',
    ]);
    expect(read.headerRowNumber).toBe(1);
    expect(await all(read.rows)).toEqual([
      {
        rowNumber: 2,
        cells: ['Ana', 'López', '2019-03-14', 'ana@example.com', 'Kinder', 'Allergic to nuts,\r\nneeds an EpiPen'],
      },
      { rowNumber: 3, cells: ['Luis', 'Pérez', '03/01/2018', 'luis@example.com', '1st', ''] },
    ]);
  });

  it('reads Windows-1252 with semicolons, skipping the title row above the headers', async () => {
    const file = await write('win1252.csv', WIN1252_CSV);
    expect(await detectEncoding(file)).toEqual({ encoding: 'windows-1252', bom: 0 });
    const read = await readImportFile(file);
    expect(read.headers).toEqual([
      'Nombre del estudiante',
      'Apellidos',
      'Fecha de nacimiento',
      'Grado',
      'Posición en lista de espera',
    ]);
    expect(read.headerRowNumber).toBe(2);
    expect(await all(read.rows)).toEqual([
      { rowNumber: 3, cells: ['José', 'Peña', '44927', 'Kínder', '1'] },
      { rowNumber: 4, cells: ['María', 'Muñoz Ibáñez', '2018-11-30', 'Primero', '2'] },
    ]);
  });

  it('reads tabs, with a quoted comma and apostrophe, and UTF-8 without a BOM', async () => {
    const file = await write('tabs.tsv', TAB_CSV);
    const read = await readImportFile(file);
    expect(read.headers).toEqual(['First Name', 'Last Name', 'Guardian Phone', 'Status']);
    expect(await all(read.rows)).toEqual([
      { rowNumber: 2, cells: ['Zoë', "O'Neil, Jr.", '(555) 123-4567', 'Waitlisted'] },
    ]);
  });

  it('reads UTF-16 with its byte-order mark (Excel\'s "Unicode Text", tab-separated)', async () => {
    const text = 'Nombre\tGrado\r\nJosé\tKínder\r\n';
    const little = await write(
      'unicode-le.txt',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    );
    const be = Buffer.from(text, 'utf16le').swap16();
    const big = await write('unicode-be.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    for (const file of [little, big]) {
      const read = await readImportFile(file);
      expect(read.headers).toEqual(['Nombre', 'Grado']);
      expect(await all(read.rows)).toEqual([{ rowNumber: 2, cells: ['José', 'Kínder'] }]);
    }
  });

  it('sniffs the delimiter from the lines outside quotes', () => {
    expect(sniffDelimiter('a;b;c\n"x,y,z";2;3\n')).toBe(';');
    expect(sniffDelimiter('Title\na,b,c\n1,2,3\n')).toBe(',');
    expect(sniffDelimiter('a\tb\n"1;2;3"\t4\n')).toBe('\t');
    expect(sniffDelimiter('name\nAna\n')).toBe(',');
  });

  it('counts a quoted cell with many lines as one spreadsheet row', async () => {
    const file = await write('lines.csv', 'A,B\n"1\n2\n3",x\n\nlast,y\n');
    const read = await readImportFile(file);
    expect(await all(read.rows)).toEqual([
      { rowNumber: 2, cells: ['1\n2\n3', 'x'] },
      { rowNumber: 4, cells: ['last', 'y'] },
    ]);
  });

  it('refuses a binary file, an empty file, an unclosed quote and a sheet name for a CSV with 400s', async () => {
    const png = await write('logo.csv', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    const nul = await write('nul.csv', Buffer.from([0x41, 0x2c, 0x00, 0x42]));
    const empty = await write('empty.csv', '');
    const broken = await write('broken.csv', 'A,B\n"open,1\n');
    const codes = async (p: Promise<unknown>) => {
      const error = await refusal(p);
      expect(error).toBeInstanceOf(AppError);
      return [(error as AppError).statusCode, (error as AppError).message];
    };
    expect(await codes(readImportFile(png))).toEqual([400, 'importFileType']);
    expect(await codes(readImportFile(nul))).toEqual([400, 'importFileType']);
    expect(await codes(readImportFile(empty))).toEqual([400, 'importFileType']);
    expect(await codes(readImportFile(broken).then((r) => all(r.rows)))).toEqual([400, 'importFileUnreadable']);
    const blank = await write('blank.csv', ',,,\r\n\r\n , ,\r\n');
    expect(await codes(readImportFile(blank))).toEqual([400, 'importFileEmpty']);
    const plain = await write('plain.csv', 'A,B\n1,2\n');
    expect(await codes(readImportFile(plain, { sheet: 'Sheet1' }))).toEqual([400, 'importSheetUnknown']);
  });
});

describe('limits', () => {
  it(`reads ${IMPORT_MAX_ROWS} data rows, and refuses one more with 400 while reading`, async () => {
    const lines = (n: number) => 'Name\n' + Array.from({ length: n }, (_, i) => `S${i}\n`).join('');
    const full = await readImportFile(await write('full.csv', lines(IMPORT_MAX_ROWS)));
    let count = 0;
    for await (const row of full.rows) count = row.rowNumber;
    expect(count).toBe(IMPORT_MAX_ROWS + 1);
    const over = await readImportFile(await write('over.csv', lines(IMPORT_MAX_ROWS + 1)));
    const error = await refusal(all(over.rows));
    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).statusCode, (error as AppError).message]).toEqual([400, 'importTooManyRows']);
  });
});

describe('XLSX', () => {
  let workbook: string;
  beforeAll(async () => {
    workbook = path.join(dir, 'messy.xlsx');
    await messyWorkbook(workbook);
  });

  it('reads the first sheet: title row skipped, dates as YYYY-MM-DD, numbers as plain text, empty rows skipped', async () => {
    const read = await readImportFile(workbook);
    expect(read.kind).toBe('xlsx');
    expect(read.sheets).toEqual(['Applications', 'Waitlist']);
    expect(read.sheet).toBe('Applications');
    expect(read.headerRowNumber).toBe(3);
    expect(read.headers).toEqual([
      'Student First Name',
      'Student Last Name',
      'Date of Birth',
      'Submitted',
      'Lottery Number',
      'Parent Phone',
      'Score',
      'Notes',
    ]);
    expect(await all(read.rows)).toEqual([
      {
        rowNumber: 4,
        cells: ['Ana', 'López', '2019-03-14', '2025-12-19 12:00', '100000', '5551234567', '0.3', 'Ana ok'],
      },
      {
        rowNumber: 5,
        cells: ['José', 'Peña', '2023-01-01', '2026-01-15', '3', '', '1000000000000000000000', 'TRUE'],
      },
    ]);
  });

  it('reads a chosen sheet, and refuses an unknown one', async () => {
    const read = await readImportFile(workbook, { sheet: 'Waitlist' });
    expect(read.sheet).toBe('Waitlist');
    expect(read.headers).toEqual(['First Name', 'Last Name', 'Waitlist Position']);
    expect(await all(read.rows)).toEqual([
      { rowNumber: 2, cells: ['Zoë', 'Ng', '1'] },
      { rowNumber: 3, cells: ['Ian', 'Ruiz', '2'] },
    ]);
    const error = await refusal(readImportFile(workbook, { sheet: 'Nope' }));
    expect((error as AppError).message).toBe('importSheetUnknown');
  });

  it('reads a workbook whose sheet comes before its workbook parts (a streaming writer), and refuses a plain ZIP', async () => {
    const file = path.join(dir, 'streamed.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
    const sheet = writer.addWorksheet('Streamed');
    sheet.addRow(['Student Name', 'Code']).commit();
    // random codes do not compress: the sheet's part is larger than what file-type reads of a ZIP
    for (let i = 0; i < 30_000; i++) sheet.addRow([`Student ${i}`, randomBytes(24).toString('hex')]).commit();
    sheet.commit();
    await writer.commit();
    expect((await fileTypeFromFile(file))?.ext).not.toBe('xlsx');
    const read = await readImportFile(file);
    expect(read.kind).toBe('xlsx');
    expect(read.sheets).toEqual(['Streamed']);
    const rows = await all(read.rows);
    expect(rows.length).toBe(30_000);
    expect(rows[0].rowNumber).toBe(2);
    expect(rows[0].cells[0]).toBe('Student 0');
    expect(rows[29_999]).toMatchObject({ rowNumber: 30_001, cells: ['Student 29999', expect.any(String)] });

    // exceljs spilled the sheet to a temporary file: a reading stopped early still removes it
    const temporary = async () => (await fs.readdir(os.tmpdir())).filter((name) => name.startsWith('tmp-'));
    const before = await temporary();
    const early = await readImportFile(file);
    expect((await early.rows[Symbol.asyncIterator]().next()).value?.rowNumber).toBe(2);
    await early.close();
    // exceljs removes its temporary files asynchronously
    await expect.poll(async () => (await temporary()).filter((name) => !before.includes(name))).toEqual([]);

    const zip = await write('notes.xlsx', zipArchive([{ name: 'notes.txt', data: 'not a workbook' }]));
    const error = await refusal(readImportFile(zip));
    expect((error as AppError).message).toBe('importFileType');
  });

  it('closes a reading stopped after a few rows', async () => {
    const read = await readImportFile(workbook);
    const first = await read.rows[Symbol.asyncIterator]().next();
    expect(first.value?.rowNumber).toBe(4);
    await read.close();
    // the file can be removed and read again: nothing holds it
    const again = await readImportFile(workbook, { sheet: 'Waitlist' });
    expect((await all(again.rows)).length).toBe(2);
  });
});

describe('pieces', () => {
  it('writes numbers without exponent or binary noise', () => {
    expect(numberText(1e5)).toBe('100000');
    expect(numberText(0.1 + 0.2)).toBe('0.3');
    expect(numberText(3.0000000000000004)).toBe('3');
    expect(numberText(1e21)).toBe('1000000000000000000000');
    expect(numberText(1e-7)).toBe('0.0000001');
    expect(numberText(-2.5)).toBe('-2.5');
  });

  it('finds the header row below a title row, and keeps a first row that is the header', () => {
    expect(headerIndex([['Title'], ['a', 'b', 'c']])).toBe(1);
    expect(
      headerIndex([
        ['School:', 'North'],
        ['a', 'b', 'c', 'd', 'e'],
      ]),
    ).toBe(1);
    expect(
      headerIndex([
        ['a', 'b', 'c'],
        ['1', '', ''],
      ]),
    ).toBe(0);
    expect(headerIndex([['name'], ['Ana']])).toBe(0);
  });
});
