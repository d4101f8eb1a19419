import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { IMPORT_MAX_BYTES } from '@openseat/shared/import-fields';
import { translate } from '@openseat/shared/messages';
import type { ImportFilePreview, SavedImportMapping } from '@openseat/shared/schemas/import-files';
import * as s from '../../../db/schema/index';
import { createCampus, createSchool } from '../../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../../test/harness';
import { tokenFor } from '../../../test/session';
import type { MappedImportRow } from '@openseat/shared/import-fields';
import type { Principal } from '../../auth/auth.types';
import { BOM_CSV, messyWorkbook, WIN1252_CSV } from './import-fixtures';
import { forgetOldImportFiles, IMPORT_FILE_DAYS, readMappedRows } from './import-files.service';

/*
 * The import's upload, preview and mappings over real HTTP (issue 27): messy files in, exact headers and rows out, a
 * guessed mapping with value maps; bad files refused with nothing left behind; another school's or campus's caller
 * sees nothing.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let dataDir: string;
let xlsx: Buffer;
const tokens = {} as Record<'schoolA' | 'campusA1' | 'campusA2' | 'schoolB', string>;
let a1: { id_campus: number };
let a2: { id_campus: number };
let schoolAId: number;
let b1: { id_campus: number };
type Refusal = { message: string; code: string; errors?: Array<{ path: string; message: string }> };

async function upload(token: string, bytes: Buffer | null, name = 'applicants.csv', lng = 'en') {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)]), name);
  else form.append('note', 'no file here');
  const res = await fetch(`${ctx.baseUrl}/api/imports/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': lng },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as ImportFilePreview & Refusal };
}

const storedImports = () => {
  const dir = path.join(dataDir, 'files', 'imports');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const fileRows = () => ctx.db.select().from(s.importFile);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-imports-'));
  ctx = await startTestApp({ env: { DATA_DIR: dataDir } });
  call = apiClient(ctx.baseUrl);
  const schoolA = await createSchool(ctx.db, 'Import A');
  const schoolB = await createSchool(ctx.db, 'Import B');
  a1 = await createCampus(ctx.db, schoolA.id_school, 'North Campus');
  a2 = await createCampus(ctx.db, schoolA.id_school, 'South Campus');
  schoolAId = schoolA.id_school;
  b1 = await createCampus(ctx.db, schoolB.id_school, 'North Campus');
  tokens.schoolA = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA.id_school });
  tokens.schoolB = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolB.id_school });
  const campusUser = (id_campus: number) =>
    tokenFor(ctx, { context: CONTEXT_TYPE.CAMPUS, id_school: schoolA.id_school, id_campus });
  tokens.campusA1 = await campusUser(a1.id_campus);
  tokens.campusA2 = await campusUser(a2.id_campus);
  const file = path.join(dataDir, 'fixture.xlsx');
  await messyWorkbook(file);
  xlsx = fs.readFileSync(file);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('upload and preview', () => {
  let csvFile: ImportFilePreview;

  it('stores a CSV with a BOM and answers its headers, exact rows and a guessed mapping with value maps', async () => {
    const res = await upload(tokens.schoolA, BOM_CSV, 'From SchoolMint ñ.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    csvFile = res.body;
    expect(csvFile).toMatchObject({
      originalName: 'From SchoolMint ñ.csv',
      kind: 'csv',
      size: BOM_CSV.length,
      headerRowNumber: 1,
      headers: ['Student First Name', 'Student Last Name', 'DOB', 'Parent Email', 'Grade Level', 'Notes'],
      rows: [
        {
          rowNumber: 2,
          cells: ['Ana', 'López', '2019-03-14', 'ana@example.com', 'Kinder', 'Allergic to nuts,\r\nneeds an EpiPen'],
        },
        { rowNumber: 3, cells: ['Luis', 'Pérez', '03/01/2018', 'luis@example.com', '1st', ''] },
      ],
      mapping: {
        columns: {
          'Student First Name': 'studentFirstName',
          'Student Last Name': 'studentLastName',
          DOB: 'studentDateOfBirth',
          'Parent Email': 'guardianEmail',
          'Grade Level': 'grade',
          Notes: 'notes',
        },
        values: { grade: { Kinder: 2, '1st': 3 }, status: {}, campus: {}, priority: {} },
      },
      preset: null,
      unmapped: { grade: [], status: [], campus: [], priority: [] },
    });
    expect(csvFile.sheets).toBeUndefined();
    const [row] = await ctx.db
      .select()
      .from(s.importFile)
      .where(eq(s.importFile.id_import_file, csvFile.id_import_file));
    expect(row).toMatchObject({ id_campus: null, kind: 'csv', size: BOM_CSV.length });
    expect(row.storedPath).toMatch(/^imports\/[0-9a-f]{32}\.csv$/);
    expect(fs.readFileSync(path.join(dataDir, 'files', row.storedPath)).equals(BOM_CSV)).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(row.storedPath);
    const audit = await ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'import.file.upload'));
    expect(audit.map((r) => r.entityId)).toContain(String(csvFile.id_import_file));
  });

  it('reads a Windows-1252 file with semicolons below its title row, and maps its campus values', async () => {
    const withCampus = Buffer.concat([
      Buffer.from('Lista 2026\r\nNombre;Apellidos;Escuela;Estatus\r\n'),
      Buffer.from([0x4a, 0x6f, 0x73, 0xe9]), // "José" in Windows-1252
      Buffer.from(';Pe'),
      Buffer.from([0xf1]),
      Buffer.from('a;North;Lista de espera\r\nAna;Ruiz;Oeste;Retenido\r\n'),
    ]);
    const res = await upload(tokens.schoolA, withCampus);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      headerRowNumber: 2,
      headers: ['Nombre', 'Apellidos', 'Escuela', 'Estatus'],
      rows: [
        { rowNumber: 3, cells: ['José', 'Peña', 'North', 'Lista de espera'] },
        { rowNumber: 4, cells: ['Ana', 'Ruiz', 'Oeste', 'Retenido'] },
      ],
      mapping: {
        columns: { Nombre: 'studentFirstName', Apellidos: 'studentLastName', Escuela: 'campus', Estatus: 'status' },
        values: { grade: {}, status: { 'Lista de espera': 6 }, campus: { North: a1.id_campus } },
      },
      unmapped: { grade: [], status: ['Retenido'], campus: ['Oeste'], priority: [] },
    });
  });

  it('previews an XLSX: its sheets, the first one read below its merged title row, then a chosen sheet', async () => {
    const res = await upload(tokens.schoolA, xlsx, 'export.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'xlsx',
      sheets: ['Applications', 'Waitlist'],
      sheet: 'Applications',
      headerRowNumber: 3,
      rows: [
        {
          rowNumber: 4,
          cells: ['Ana', 'López', '2019-03-14', '2025-12-19 12:00', '100000', '5551234567', '0.3', 'Ana ok'],
        },
        {
          rowNumber: 5,
          cells: ['José', 'Peña', '2023-01-01', '2026-01-15', '3', '', '1000000000000000000000', 'TRUE'],
        },
      ],
    });
    const id = res.body.id_import_file;
    const waitlist = await call<ImportFilePreview>('GET', `/imports/files/${id}/preview?sheet=Waitlist`, {
      token: tokens.schoolA,
    });
    expect(waitlist.status).toBe(200);
    expect(waitlist.body).toMatchObject({
      sheet: 'Waitlist',
      headers: ['First Name', 'Last Name', 'Waitlist Position'],
      rows: [
        { rowNumber: 2, cells: ['Zoë', 'Ng', '1'] },
        { rowNumber: 3, cells: ['Ian', 'Ruiz', '2'] },
      ],
      mapping: {
        columns: {
          'First Name': 'studentFirstName',
          'Last Name': 'studentLastName',
          'Waitlist Position': 'waitingListPosition',
        },
      },
    });
    const unknown = await call<Refusal>('GET', `/imports/files/${id}/preview?sheet=Nope`, { token: tokens.schoolA });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION', message: translate('importSheetUnknown', 'en') });
    const csvSheet = await call<Refusal>('GET', `/imports/files/${csvFile.id_import_file}/preview?sheet=Sheet1`, {
      token: tokens.schoolA,
    });
    expect(csvSheet.status).toBe(400);
  });

  it('refuses a file that is not CSV or XLSX, an empty request and a JSON body with 400, leaving nothing', async () => {
    const before = { files: storedImports(), rows: (await fileRows()).length };
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const refused = await upload(tokens.schoolA, png, 'logo.csv', 'es');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION', message: translate('importFileType', 'es') });
    expect(refused.body.errors).toEqual([{ path: 'file', message: translate('importFileType', 'es') }]);
    const binary = await upload(tokens.schoolA, Buffer.from([0x41, 0x00, 0x42, 0x0a]), 'data.csv');
    expect(binary.body.message).toBe(translate('importFileType', 'en'));
    const empty = await upload(tokens.schoolA, Buffer.alloc(0), 'empty.csv');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(translate('importFileRequired', 'en'));
    const noFile = await upload(tokens.schoolA, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe(translate('importFileRequired', 'en'));
    const json = await call<Refusal>('POST', '/imports/files', { token: tokens.schoolA, body: { file: 'x' } });
    expect(json.status).toBe(400);
    const two = new FormData();
    two.append('file', new Blob(['A,B\n1,2\n']), 'one.csv');
    two.append('file', new Blob(['A,B\n3,4\n']), 'two.csv');
    const twoFiles = await fetch(`${ctx.baseUrl}/api/imports/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.schoolA}` },
      body: two,
    });
    expect(twoFiles.status).toBe(400);
    const unclosed = await upload(tokens.schoolA, Buffer.from('A,B\n"open,1\n'), 'broken.csv');
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.message).toBe(translate('importFileUnreadable', 'en'));
    expect(storedImports()).toEqual(before.files);
    expect((await fileRows()).length).toBe(before.rows);
  });

  it('refuses a file past 50 MB with 413, leaving nothing', async () => {
    const before = { files: storedImports(), rows: (await fileRows()).length };
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a,b\n');
    const res = await upload(tokens.schoolA, big, 'huge.csv');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: translate('importFileTooLarge', 'en') });
    expect(storedImports()).toEqual(before.files);
    expect((await fileRows()).length).toBe(before.rows);
  });

  it("keeps files to their school and campus: another school's caller and another campus's get 404", async () => {
    const mine = await upload(tokens.campusA1, WIN1252_CSV, 'campus.csv');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(s.importFile)
      .where(eq(s.importFile.id_import_file, mine.body.id_import_file));
    expect(row.id_campus).toBe(a1.id_campus);
    const schoolWide = (await fileRows()).find((r) => r.id_campus === null)!;
    const preview = (token: string, id: number) => call('GET', `/imports/files/${id}/preview`, { token });

    expect((await preview(tokens.campusA1, mine.body.id_import_file)).status).toBe(200);
    expect((await preview(tokens.schoolA, mine.body.id_import_file)).status).toBe(200);
    const otherCampus = await preview(tokens.campusA2, mine.body.id_import_file);
    expect(otherCampus.status).toBe(404);
    expect(JSON.stringify(otherCampus.body)).not.toContain('José');
    expect((await preview(tokens.campusA1, schoolWide.id_import_file)).status).toBe(404);
    const otherSchool = await preview(tokens.schoolB, mine.body.id_import_file);
    expect(otherSchool.status).toBe(404);
    expect(JSON.stringify(otherSchool.body)).not.toContain('Peña');
    expect((await preview(tokens.schoolB, schoolWide.id_import_file)).status).toBe(404);
  });
});

describe('the rows of a file through a mapping (what the dry run reads)', () => {
  const principal = (campusIds: number[] | null) =>
    ({
      id_user: 1,
      id_school: schoolAId,
      id_campus: campusIds?.[0] ?? null,
      scope: { id_school: schoolAId, campusIds },
    }) as Principal;

  it('reads every row with the value maps resolved to our grades, and is refused another campus', async () => {
    const uploaded = await upload(tokens.schoolA, BOM_CSV, 'again.csv');
    const { mapping } = uploaded.body;
    const read = await readMappedRows(ctx.db, dataDir, principal(null), uploaded.body.id_import_file, { mapping });
    const rows: MappedImportRow[] = [];
    for await (const row of read.rows) rows.push(row);
    expect(read.headers[0]).toBe('Student First Name');
    expect(rows).toEqual([
      {
        rowNumber: 2,
        values: {
          studentFirstName: 'Ana',
          studentLastName: 'López',
          studentDateOfBirth: '2019-03-14',
          guardianEmail: 'ana@example.com',
          grade: 'K',
          notes: 'Allergic to nuts,\r\nneeds an EpiPen',
        },
        resolved: { id_grade: 2 },
      },
      {
        rowNumber: 3,
        values: {
          studentFirstName: 'Luis',
          studentLastName: 'Pérez',
          studentDateOfBirth: '03/01/2018',
          guardianEmail: 'luis@example.com',
          grade: '1',
        },
        resolved: { id_grade: 3 },
      },
    ]);
    const refused = await readMappedRows(ctx.db, dataDir, principal([a2.id_campus]), uploaded.body.id_import_file, {
      mapping,
    }).then(
      () => null,
      (error: { statusCode?: number }) => error.statusCode,
    );
    expect(refused).toBe(404);
  });
});

describe('an uploaded file is kept for its days only', () => {
  it('leaves the database and the disk after IMPORT_FILE_DAYS; a newer one stays', async () => {
    const old = (await upload(tokens.schoolA, BOM_CSV, 'last-year.csv')).body.id_import_file;
    const recent = (await upload(tokens.schoolA, BOM_CSV, 'this-week.csv')).body.id_import_file;
    const stored = async (id: number) =>
      (await ctx.db.select().from(s.importFile).where(eq(s.importFile.id_import_file, id)))[0]?.storedPath;
    const oldPath = path.join(dataDir, 'files', (await stored(old))!);
    await ctx.db
      .update(s.importFile)
      .set({ createdAt: new Date(Date.now() - (IMPORT_FILE_DAYS + 1) * 86_400_000) })
      .where(eq(s.importFile.id_import_file, old));
    expect(fs.existsSync(oldPath)).toBe(true);

    expect(await forgetOldImportFiles(ctx.db, dataDir)).toBe(1);
    expect(fs.existsSync(oldPath)).toBe(false);
    expect(await stored(old)).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, 'files', (await stored(recent))!))).toBe(true);
    expect((await call('GET', `/imports/files/${old}/preview`, { token: tokens.schoolA })).status).toBe(404);
    expect(await forgetOldImportFiles(ctx.db, dataDir)).toBe(0);
  });
});

describe('named mappings', () => {
  const body = (name: string, campus: Record<string, number> = {}) => ({
    name,
    columns: { 'Student First Name': 'studentFirstName', 'Grade Level': 'grade' },
    values: { grade: { Kinder: 2 }, status: { Waitlisted: 6 }, campus },
  });
  let saved: SavedImportMapping;

  it('saves, lists with the presets, renames and deletes a mapping of the school', async () => {
    const created = await call<{ message: string; data: SavedImportMapping }>('POST', '/imports/mappings', {
      token: tokens.schoolA,
      body: body('From SchoolMint', { North: a1.id_campus }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    saved = created.body.data;
    expect(saved).toMatchObject({
      name: 'From SchoolMint',
      columns: { 'Student First Name': 'studentFirstName', 'Grade Level': 'grade' },
      values: { grade: { Kinder: 2 }, status: { Waitlisted: 6 }, campus: { North: a1.id_campus } },
    });
    const list = await call<{ saved: SavedImportMapping[]; presets: Array<{ key: string }> }>(
      'GET',
      '/imports/mappings',
      { token: tokens.campusA1 },
    );
    expect(list.status).toBe(200);
    expect(list.body.saved.map((m) => m.name)).toEqual(['From SchoolMint']);
    expect(list.body.presets.map((p) => p.key)).toEqual(['schoolmint', 'powerschool-enrollment', 'google-forms']);

    const renamed = await call<{ data: SavedImportMapping }>('PUT', `/imports/mappings/${saved.id_import_mapping}`, {
      token: tokens.schoolA,
      body: body('SchoolMint 2026'),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'SchoolMint 2026', values: { campus: {} } });
  });

  it('refuses a name taken, an unknown field, a campus of another school, and a campus user saving', async () => {
    await call('POST', '/imports/mappings', { token: tokens.schoolA, body: body('Second') });
    const taken = await call<Refusal>('PUT', `/imports/mappings/${saved.id_import_mapping}`, {
      token: tokens.schoolA,
      body: body('Second'),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(translate('importMappingNameTaken', 'en'));
    const badField = await call<Refusal>('POST', '/imports/mappings', {
      token: tokens.schoolA,
      body: { ...body('Bad'), columns: { Name: 'password' } },
    });
    expect(badField.status).toBe(400);
    const foreignCampus = await call<Refusal>('POST', '/imports/mappings', {
      token: tokens.schoolA,
      body: body('Foreign', { North: b1.id_campus }),
    });
    expect(foreignCampus.status).toBe(400);
    expect(foreignCampus.body.errors).toEqual([
      { path: 'values.campus.North', message: translate('invalidValue', 'en') },
    ]);
    const campusSave = await call('POST', '/imports/mappings', { token: tokens.campusA1, body: body('Campus') });
    expect(campusSave.status).toBe(403);
    const names = (await ctx.db.select().from(s.importMapping)).map((m) => m.name).sort();
    expect(names).toEqual(['SchoolMint 2026', 'Second']);
  });

  it("keeps mappings to their school: another school's admin neither sees, changes nor deletes them", async () => {
    const list = await call<{ saved: SavedImportMapping[] }>('GET', '/imports/mappings', { token: tokens.schoolB });
    expect(list.status).toBe(200);
    expect(list.body.saved).toEqual([]);
    const put = await call('PUT', `/imports/mappings/${saved.id_import_mapping}`, {
      token: tokens.schoolB,
      body: body('Stolen'),
    });
    expect(put.status).toBe(404);
    const del = await call('DELETE', `/imports/mappings/${saved.id_import_mapping}`, { token: tokens.schoolB });
    expect(del.status).toBe(404);
    const [row] = await ctx.db
      .select()
      .from(s.importMapping)
      .where(eq(s.importMapping.id_import_mapping, saved.id_import_mapping));
    expect(row.name).toBe('SchoolMint 2026');

    const own = await call<{ message: string }>('DELETE', `/imports/mappings/${saved.id_import_mapping}`, {
      token: tokens.schoolA,
    });
    expect(own.status).toBe(200);
    expect(own.body.message).toBe(translate('importMappingDeleted', 'en'));
    const again = await call('DELETE', `/imports/mappings/${saved.id_import_mapping}`, { token: tokens.schoolA });
    expect(again.status).toBe(404);
  });
});
