import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATUSES } from '@openseat/shared/constants';
import type { MappedImportRow } from '@openseat/shared/import-fields';
import type { ImportMapping } from '@openseat/shared/schemas/import-files';
import { applyMapping, mapRows } from './apply-mapping';
import { guessColumns, guessField } from './column-guess';
import { readImportFile } from './import-file.reader';
import { fixtureDir, WIN1252_CSV } from './import-fixtures';
import { detectPreset, guessMapping } from './presets';
import { gradeKey, suggestCampusMap, suggestGradeMap, suggestStatusMap } from './value-maps';

/* Column and value mapping (issue 27): headers in English and Spanish, their grades and statuses to ours. */

const GRADES = [
  { id_grade: 1, name: 'PK' },
  { id_grade: 2, name: 'K' },
  ...Array.from({ length: 12 }, (_, i) => ({ id_grade: i + 3, name: String(i + 1) })),
];

describe('guessing a column', () => {
  it.each([
    ['Student First Name', 'studentFirstName'],
    ['First Name', 'studentFirstName'],
    ["Child's Last Name", 'studentLastName'],
    ['Apellidos', 'studentLastName'],
    ['Student Name', 'studentFullName'],
    ['Nombre completo del alumno', 'studentFullName'],
    ['DOB', 'studentDateOfBirth'],
    ['Date of Birth', 'studentDateOfBirth'],
    ['Fecha de Nacimiento', 'studentDateOfBirth'],
    ['Sexo', 'studentGender'],
    ['Home Address', 'studentAddress'],
    ['Parent/Guardian Name', 'guardianName'],
    ['Nombre del padre, madre o tutor', 'guardianName'],
    ['Parent Email', 'guardianEmail'],
    ['Correo electrónico', 'guardianEmail'],
    ['E-mail', 'guardianEmail'],
    ['Parent Cell Phone', 'guardianPhone'],
    ['Teléfono', 'guardianPhone'],
    ['Home Language', 'guardianLanguage'],
    ['School Applying To', 'campus'],
    ['Sede', 'campus'],
    ['Grade Level', 'grade'],
    ['Grado al que aplica', 'grade'],
    ['Application Status', 'status'],
    ['Estatus', 'status'],
    ['Submission Date', 'applicationDate'],
    ['Marca temporal', 'applicationDate'],
    ['Priority', 'priority'],
    ['Sibling Attending', 'siblingPriority'],
    ['Hermano en la escuela', 'siblingPriority'],
    ['Tags', 'tags'],
    ['Lottery #', 'lotteryNumber'],
    ['Número de lotería', 'lotteryNumber'],
    ['Waitlist Position', 'waitingListPosition'],
    ['Wait List #', 'waitingListPosition'],
    ['Posición en lista de espera', 'waitingListPosition'],
    ['Notes', 'notes'],
    ['Observaciones', 'notes'],
  ])('%s -> %s', (header, field) => {
    expect(guessField(header)).toBe(field);
  });

  it.each([
    'Current School',
    'Current Grade',
    'Previous School Attended',
    'Middle Name',
    'District Name',
    'Student Email',
    'Created By',
    'Last Updated',
    'student_id',
    'Score',
    '',
  ])('%s -> nothing', (header) => {
    expect(guessField(header)).toBeNull();
  });

  it('reads a first-name column as such beside a last-name column, and takes each field once', () => {
    expect(guessColumns(['Nombre del estudiante', 'Apellidos', 'Email', 'Otro email'])).toEqual({
      'Nombre del estudiante': 'studentFirstName',
      Apellidos: 'studentLastName',
      Email: 'guardianEmail',
    });
    expect(guessColumns(['Guardian First Name', 'Guardian Last Name', 'Notes', 'Comments'])).toEqual({
      'Guardian First Name': 'guardianName',
      'Guardian Last Name': 'guardianName',
      Notes: 'notes',
      Comments: 'notes',
    });
  });
});

describe('presets', () => {
  const SCHOOLMINT = (
    'applicant_id,account_id,student_id,application_id,first_name,middle_name,last_name,birth_date,gender,email,' +
    'guardian_first_name,guardian_last_name,phone_number,home_phone_number,street1,street2,zipcode,state,city,' +
    'lives_with,application_type,created_by,submission_date,status,waitlist_number,app_status_timestamp,' +
    'app_offered_date,last_updated,current_grade_level,grade_name,school_name,current_school_name,priorities,' +
    'district_name,school_group,preferred_language'
  ).split(',');

  it("recognizes SchoolMint's export and maps its columns, leaving its other columns unmapped", () => {
    const { mapping, preset } = guessMapping(SCHOOLMINT);
    expect(preset).toBe('schoolmint');
    expect(mapping.columns).toEqual({
      first_name: 'studentFirstName',
      last_name: 'studentLastName',
      birth_date: 'studentDateOfBirth',
      gender: 'studentGender',
      email: 'guardianEmail',
      guardian_first_name: 'guardianName',
      guardian_last_name: 'guardianName',
      phone_number: 'guardianPhone',
      street1: 'studentAddress',
      street2: 'studentAddress',
      zipcode: 'studentAddress',
      state: 'studentAddress',
      city: 'studentAddress',
      submission_date: 'applicationDate',
      status: 'status',
      waitlist_number: 'waitingListPosition',
      grade_name: 'grade',
      school_name: 'campus',
      priorities: 'priority',
      preferred_language: 'guardianLanguage',
    });
  });

  it('recognizes a Google Forms sheet by its first column and guesses its questions', () => {
    const { mapping, preset } = guessMapping([
      'Marca temporal',
      'Dirección de correo electrónico',
      'Nombre del estudiante',
      'Apellidos del estudiante',
      'Grado',
    ]);
    expect(preset).toBe('google-forms');
    expect(mapping.columns).toEqual({
      'Marca temporal': 'applicationDate',
      'Dirección de correo electrónico': 'guardianEmail',
      'Nombre del estudiante': 'studentFirstName',
      'Apellidos del estudiante': 'studentLastName',
      Grado: 'grade',
    });
    expect(detectPreset(['First Name', 'Last Name'])).toBeNull();
  });
});

describe('value maps', () => {
  it.each([
    ['Kinder', 'K'],
    ['Kínder', 'K'],
    ['Kindergarten', 'K'],
    ['K', 'K'],
    ['KG', 'K'],
    ['Pre-K', 'PK'],
    ['PreK', 'PK'],
    ['1st', '1'],
    ['Grade 1', '1'],
    ['1', '1'],
    ['01', '1'],
    ['First Grade', '1'],
    ['Primero', '1'],
    ['2do grado', '2'],
    ['Grado 3', '3'],
    ['12th', '12'],
    ['Senior', '12'],
  ])('grade %s is our %s', (theirs, ours) => {
    expect(gradeKey(theirs)).toBe(ours);
  });

  it("suggests the school's grades, lists what it cannot match, and lets the user's choice win", () => {
    const values = ['Kinder', 'K', '1st', 'Grade 1', 'kinder', 'Toddlers', '13th', ''];
    expect(suggestGradeMap(values, GRADES)).toEqual({
      map: { Kinder: 2, K: 2, '1st': 3, 'Grade 1': 3 },
      unmapped: ['Toddlers', '13th'],
    });
    // an override to a grade the school has wins; one to a grade it has not is ignored
    expect(suggestGradeMap(values, GRADES, { Toddlers: 1, '13th': 999, Kinder: 3 })).toEqual({
      map: { Kinder: 3, K: 2, '1st': 3, 'Grade 1': 3, Toddlers: 1 },
      unmapped: ['13th'],
    });
  });

  it('maps statuses by name and by the names other systems use', () => {
    const values = ['Waitlisted', 'Waitlisted-9', 'Lista de espera', 'Submitted', 'Accepted', 'Offered', 'On hold'];
    expect(suggestStatusMap(values, STATUSES)).toEqual({
      map: { Waitlisted: 6, 'Waitlisted-9': 6, 'Lista de espera': 6, Submitted: 3, Accepted: 7, Offered: 5 },
      unmapped: ['On hold'],
    });
  });

  it('maps campus names with or without "Campus" or "School"', () => {
    const campuses = [
      { id_campus: 10, name: 'North Campus' },
      { id_campus: 11, name: 'Escuela del Sur' },
    ];
    expect(suggestCampusMap(['North', 'north campus', 'Del Sur', 'East'], campuses)).toEqual({
      map: { North: 10, 'north campus': 10, 'Del Sur': 11 },
      unmapped: ['East'],
    });
  });
});

describe('applying a mapping', () => {
  const mapping: ImportMapping = {
    columns: {
      Name: 'studentFullName',
      DOB: 'studentDateOfBirth',
      'Parent First': 'guardianName',
      'Parent Last': 'guardianName',
      Grade: 'grade',
      Status: 'status',
      Notes: 'notes',
      'More notes': 'notes',
    },
    values: { grade: { Kinder: 2 }, status: { waitlisted: 6 }, campus: {}, priority: {} },
  };
  const headers = ['Name', 'dob', 'Parent First', 'Parent Last', 'Grade', 'Status', 'Notes', 'More notes', 'Other'];

  it('joins, splits, resolves values and writes serial dates as dates', () => {
    const row = {
      rowNumber: 7,
      cells: ['Ana María López', '44927', 'Rosa', 'López', 'KINDER', 'Waitlisted', 'one', 'two', 'ignored'],
    };
    const names = { grade: new Map([[2, 'K']]), status: new Map([[6, 'waitingList']]) };
    expect(applyMapping(row, headers, mapping, names)).toEqual({
      rowNumber: 7,
      values: {
        studentFullName: 'Ana María López',
        studentFirstName: 'Ana María',
        studentLastName: 'López',
        studentDateOfBirth: '2023-01-01',
        guardianName: 'Rosa López',
        grade: 'K',
        status: 'waitingList',
        notes: 'one\ntwo',
      },
      resolved: { id_grade: 2, id_status: 6 },
    } satisfies MappedImportRow);
  });

  it('keeps an unmatched value as written, and a date that is not a serial number as written', () => {
    const row = { rowNumber: 2, cells: ['Zoë', '3/14/2019', '', '', 'Toddlers', '', '', '', ''] };
    expect(applyMapping(row, headers, mapping)).toEqual({
      rowNumber: 2,
      values: { studentFullName: 'Zoë', studentDateOfBirth: '3/14/2019', grade: 'Toddlers' },
    });
  });

  it("maps a file's rows as they are read", async () => {
    const { dir, remove } = await fixtureDir();
    try {
      const file = path.join(dir, 'espera.csv');
      await fs.writeFile(file, WIN1252_CSV);
      const read = await readImportFile(file);
      const { mapping: guessed } = guessMapping(read.headers);
      guessed.values.grade = suggestGradeMap(['Kínder', 'Primero'], GRADES).map;
      const rows: MappedImportRow[] = [];
      for await (const row of mapRows(read.rows, read.headers, guessed)) rows.push(row);
      expect(rows).toEqual([
        {
          rowNumber: 3,
          values: {
            studentFirstName: 'José',
            studentLastName: 'Peña',
            studentDateOfBirth: '2023-01-01',
            grade: 'Kínder',
            waitingListPosition: '1',
          },
          resolved: { id_grade: 2 },
        },
        {
          rowNumber: 4,
          values: {
            studentFirstName: 'María',
            studentLastName: 'Muñoz Ibáñez',
            studentDateOfBirth: '2018-11-30',
            grade: 'Primero',
            waitingListPosition: '2',
          },
          resolved: { id_grade: 3 },
        },
      ]);
    } finally {
      await remove();
    }
  });
});
