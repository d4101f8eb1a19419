import { eq } from 'drizzle-orm';
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
  values: { grade: { Kinder: K }, status: { 'En espera': STATUS.WAITING_LIST }, campus: {} },
};

async function upload(token: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text]), 'lista.csv');
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
});
