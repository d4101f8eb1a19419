import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import { translate } from '@openseat/shared/messages';
import type { ImportFilePreview } from '@openseat/shared/schemas/import-files';
import type { ImportBatch, ImportReport } from '@openseat/shared/schemas/imports';
import * as s from '../../../db/schema/index';
import { createCampusGrades, createPeriod } from '../../../test/enrollment-factories';
import { createCampus, createSchool } from '../../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../../test/harness';
import { tokenFor } from '../../../test/session';

/*
 * An uploaded file brought in end to end (issue 27): the reader streams the stored file through the user's mapping on
 * the server, the dry run checks it, the commit writes it. The file's own words for grades and statuses map by the
 * mapping's value maps; the school's own names ("K", "waiting list") need none.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let admin: string;
let otherAdmin: string;
let campus: { id_school: number; id_campus: number };
const YEAR = 3;
const K = 2;

const CSV = [
  'Lista de espera 2027',
  'Nombre;Apellido;Grado;Estado;Posición;Tutor;Correo',
  'Ana;Ruiz;Kinder;En espera;1;Rosa Ruiz;ana.ruiz@example.org',
  'Luis;Paz;K;Waiting list;2;Juan Paz;luis.paz@example.org',
  'Eva;Sol;Kinder;En espera;3;Marta Sol;no-es-correo',
  '',
].join('\r\n');

const MAPPING = {
  columns: {
    Nombre: 'studentFirstName',
    Apellido: 'studentLastName',
    Grado: 'grade',
    Estado: 'status',
    Posición: 'waitingListPosition',
    Tutor: 'guardianName',
    Correo: 'guardianEmail',
  },
  values: { grade: { Kinder: K }, status: { 'En espera': STATUS.WAITING_LIST }, campus: {}, priority: {} },
};

async function upload(token: string, text: string | Buffer) {
  const form = new FormData();
  form.append('file', new Blob([typeof text === 'string' ? text : new Uint8Array(text)]), 'lista.csv');
  const res = await fetch(`${ctx.baseUrl}/api/imports/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as ImportFilePreview };
}

const run = () => ({ mapping: MAPPING, id_school_year: YEAR, id_campus: campus.id_campus });

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db, 'File Import School');
  const other = await createSchool(ctx.db, 'Other File School');
  campus = await createCampus(ctx.db, school.id_school, 'Oak Campus');
  await createCampusGrades(ctx.db, campus, [K]);
  await createPeriod(ctx.db, campus, { id_school_year: YEAR, grades: { [K]: 10 } });
  admin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  otherAdmin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: other.id_school });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('an uploaded file, imported through a mapping', () => {
  it('is checked row by row, then committed with its waiting list in the file order', async () => {
    const uploaded = await upload(admin, CSV);
    expect(uploaded.status).toBe(200);
    const id = uploaded.body.id_import_file;
    expect(uploaded.body.headerRowNumber).toBe(2);

    const report = await call<ImportReport>('POST', `/imports/files/${id}/dry-run`, { token: admin, body: run() });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.problems).toEqual([{ rowNumber: 5, column: 'guardianEmail', message: 'emailInvalid' }]);
    expect(report.body.counts).toEqual({ new: 2, duplicate: 0, refused: 1 });
    expect(await ctx.db.select().from(s.application).where(eq(s.application.id_campus, campus.id_campus))).toEqual([]);

    // another school's staff cannot run this school's file
    const foreign = await call('POST', `/imports/files/${id}/dry-run`, { token: otherAdmin, body: run() });
    expect(foreign.status).toBe(404);

    const committed = await call<ImportBatch>('POST', `/imports/files/${id}/commit`, {
      token: admin,
      body: { ...run(), decisions: [] },
    });
    expect(committed.status, JSON.stringify(committed.body)).toBe(202);
    await expect
      .poll(
        async () =>
          (await call<ImportBatch>('GET', `/imports/batches/${committed.body.id_import_batch}`, { token: admin })).body
            .status,
        { timeout: 30_000, interval: 100 },
      )
      .toBe('done');
    const imported = await ctx.db
      .select({
        first: s.applicant.firstName,
        status: s.application.id_status,
        place: s.application.waiting_list_position,
      })
      .from(s.application)
      .innerJoin(s.applicant, eq(s.applicant.id_applicant, s.application.id_applicant))
      .where(eq(s.application.id_campus, campus.id_campus))
      .orderBy(s.application.waiting_list_position);
    expect(imported).toEqual([
      { first: 'Ana', status: STATUS.WAITING_LIST, place: 1 },
      { first: 'Luis', status: STATUS.WAITING_LIST, place: 2 },
    ]);
  });

  it('answers the dry run as a CSV of its problems, in the caller language', async () => {
    const { body } = await upload(admin, CSV);
    const res = await fetch(`${ctx.baseUrl}/api/imports/files/${body.id_import_file}/dry-run/report`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'es' },
      body: JSON.stringify(run()),
    });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('row,column,message');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(/^5,guardianEmail,/);
    expect(lines[1]).toContain(translate('emailInvalid', 'es'));
  });

  it("maps a file's priority words: the catalog's own and other systems' words guessed, the rest chosen by hand", async () => {
    const csv = [
      'Nombre,Apellido,Grado,Nombre del tutor,Correo,Prioridad',
      'Ana,Mora,K,Rosa Mora,ana.mora@example.org,Hermano',
      'Leo,Vera,K,Juan Vera,leo.vera@example.org,staff child',
      'Mia,Luna,K,Sara Luna,mia.luna@example.org,Hijo de maestra',
      'Noa,Rey,K,Pablo Rey,noa.rey@example.org,VIP',
    ].join('\n');
    const uploaded = await upload(admin, csv);
    expect(uploaded.status).toBe(200);
    const { mapping, unmapped } = uploaded.body;
    expect(mapping.columns.Prioridad).toBe('priority');
    expect(mapping.values.priority).toEqual({ Hermano: 1, 'staff child': 2 });
    expect(unmapped.priority).toEqual(['Hijo de maestra', 'VIP']);

    // the user says "Hijo de maestra" is a staff child and leaves "VIP" unmatched: its row is refused
    const chosen = {
      ...mapping,
      values: { ...mapping.values, priority: { ...mapping.values.priority, 'Hijo de maestra': 2 } },
    };
    const body = { mapping: chosen, id_school_year: YEAR, id_campus: campus.id_campus };
    const id = uploaded.body.id_import_file;
    const report = await call<ImportReport>('POST', `/imports/files/${id}/dry-run`, { token: admin, body });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.problems).toEqual([{ rowNumber: 5, column: 'priority', message: 'importUnknownValue' }]);
    expect(report.body.counts).toEqual({ new: 3, duplicate: 0, refused: 1 });

    // a saved mapping keeps the priority words; an id outside the catalog is refused
    const saved = await call<{ data: { values: { priority: Record<string, number> } } }>('POST', '/imports/mappings', {
      token: admin,
      body: { ...chosen, name: 'Priorities' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.values.priority).toEqual({ Hermano: 1, 'staff child': 2, 'Hijo de maestra': 2 });
    const wrong = await call('POST', '/imports/mappings', {
      token: admin,
      body: { ...chosen, name: 'Wrong', values: { ...chosen.values, priority: { VIP: 999 } } },
    });
    expect(wrong.status).toBe(400);
  });

  it('names exactly the bad rows of a messy Windows-1252 export (5% bad), and writes nothing', async () => {
    // Excel in Spanish: semicolons, accents in Windows-1252, a title row, serial dates, notes with line breaks,
    // trailing empty rows; rows 13 and 33 (a broken e-mail, an unknown grade) are the 5% that are bad
    const lines = [
      'Lista de espera 2027;;;;;;;;',
      'Nombre;Apellido;Fecha de nacimiento;Grado;Estado;Posición;Tutor;Correo;Notas',
    ];
    for (let i = 0; i < 40; i++) {
      const rowNumber = i + 3;
      const born = i % 2 ? String(44256 + i) : `3/${(i % 28) + 1}/2021`;
      const grade = rowNumber === 33 ? 'Grado 99' : 'Kinder';
      const email = rowNumber === 13 ? `familia${i}@` : `familia${i}@example.org`;
      const note = i % 5 === 0 ? '"Alergia al maní;\r\nnecesita EpiPen"' : '';
      const name = `José ${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${'mn'[Math.floor(i / 26)]}`;
      lines.push(`${name};Peña Muñoz;${born};${grade};En espera;${i + 1};Inés Peña;${email};${note}`);
    }
    lines.push(';;;;;;;;', '', '');
    const uploaded = await upload(admin, iconv.encode(lines.join('\r\n'), 'windows-1252'));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.headers).toContain('Posición');
    const mapping = {
      ...MAPPING,
      columns: { ...MAPPING.columns, 'Fecha de nacimiento': 'studentDateOfBirth', Notas: 'notes' },
    };
    const body = { mapping, id_school_year: YEAR, id_campus: campus.id_campus };
    const before = await ctx.db.select().from(s.application).where(eq(s.application.id_campus, campus.id_campus));
    const report = await call<ImportReport>('POST', `/imports/files/${uploaded.body.id_import_file}/dry-run`, {
      token: admin,
      body,
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.problems).toEqual([
      { rowNumber: 13, column: 'guardianEmail', message: 'emailInvalid' },
      { rowNumber: 33, column: 'grade', message: 'importUnknownValue' },
    ]);
    expect(report.body.counts).toEqual({ new: 38, duplicate: 0, refused: 2 });
    const after = await ctx.db.select().from(s.application).where(eq(s.application.id_campus, campus.id_campus));
    expect(after).toEqual(before);
  });
});
