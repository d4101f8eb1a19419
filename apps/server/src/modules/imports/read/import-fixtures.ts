import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

/*
 * Messy files as schools bring them, made byte by byte for the tests: a BOM, Windows-1252 accents, semicolons,
 * quoted line breaks, a merged title row above the headers, Excel serial dates, trailing empty rows.
 */

export async function fixtureDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'openseat-import-'));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** UTF-8 with a BOM, commas, CRLF, a quoted cell with a line break and a comma, two trailing empty rows. */
export const BOM_CSV = Buffer.concat([
  Buffer.from([0xef, 0xbb, 0xbf]),
  Buffer.from(
    'Student First Name,Student Last Name,DOB,Parent Email,Grade Level,Notes\r\n' +
      'Ana,López,2019-03-14,ana@example.com,Kinder,"Allergic to nuts,\r\nneeds an EpiPen"\r\n' +
      'Luis,  Pérez ,03/01/2018,luis@example.com,1st,\r\n' +
      ',,,,,\r\n' +
      '\r\n',
    'utf8',
  ),
]);

/** Windows-1252 from Excel in Spanish: semicolons, a title row above the headers, an Excel serial date, accents. */
export const WIN1252_CSV = iconv.encode(
  'Lista de espera 2026-2027;;;;\r\n' +
    'Nombre del estudiante;Apellidos;Fecha de nacimiento;Grado;Posición en lista de espera\r\n' +
    'José;Peña;44927;Kínder;1\r\n' +
    'María;Muñoz Ibáñez;2018-11-30;Primero;2\r\n' +
    ';;;;\r\n',
  'windows-1252',
);

/** Tabs, no BOM, LF line ends, a quoted tab and a comma inside a cell. */
export const TAB_CSV = Buffer.from(
  'First Name\tLast Name\tGuardian Phone\tStatus\n' + 'Zoë\t"O\'Neil, Jr."\t(555) 123-4567\tWaitlisted\n',
  'utf8',
);

/**
 * A workbook of two sheets. "Applications": a merged title row, headers on row 3 (row 2 empty), dates as date cells
 * and as serial numbers in date-formatted cells, numbers Excel stores with binary noise, rich text, a formula,
 * trailing empty rows. "Waitlist": a plain sheet.
 */
export async function messyWorkbook(file: string) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Applications');
  sheet.mergeCells('A1:H1');
  sheet.getCell('A1').value = 'Applications export — Spring 2026';
  sheet.getRow(3).values = [
    'Student First Name',
    'Student Last Name',
    'Date of Birth',
    'Submitted',
    'Lottery Number',
    'Parent Phone',
    'Score',
    'Notes',
  ];
  const dob = sheet.getCell('C4');
  dob.value = new Date(Date.UTC(2019, 2, 14));
  dob.numFmt = 'mm/dd/yyyy';
  sheet.getCell('A4').value = 'Ana';
  sheet.getCell('B4').value = { richText: [{ text: 'Ló' }, { text: 'pez', font: { bold: true } }] };
  const submitted = sheet.getCell('D4');
  submitted.value = 46010.5; // 2025-12-19 12:00, a serial number in a date-time format
  submitted.numFmt = 'yyyy-mm-dd hh:mm';
  sheet.getCell('E4').value = 100000;
  sheet.getCell('F4').value = 5551234567;
  sheet.getCell('G4').value = 0.1 + 0.2;
  sheet.getCell('H4').value = { formula: 'A4&" ok"', result: 'Ana ok' };

  sheet.getCell('A5').value = 'José';
  sheet.getCell('B5').value = 'Peña';
  const serial = sheet.getCell('C5');
  serial.value = 44927; // 2023-01-01 as Excel stores it
  serial.numFmt = 'dd/mm/yyyy';
  const formulaDate = sheet.getCell('D5');
  formulaDate.value = { formula: 'DATE(2026,1,15)', result: 46037 };
  formulaDate.numFmt = 'd-mmm-yy';
  sheet.getCell('E5').value = 3.0000000000000004;
  sheet.getCell('G5').value = 1e21;
  sheet.getCell('H5').value = true;
  // trailing rows that look empty: a blank string and a styled empty cell
  sheet.getCell('A7').value = ' ';
  sheet.getCell('B9').numFmt = 'yyyy-mm-dd';
  sheet.getCell('B9').value = null;

  const waitlist = workbook.addWorksheet('Waitlist');
  waitlist.addRow(['First Name', 'Last Name', 'Waitlist Position']);
  waitlist.addRow(['Zoë', 'Ng', 1]);
  waitlist.addRow(['Ian', 'Ruiz', 2]);
  await workbook.xlsx.writeFile(file);
}
