import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { RecordAccessKind, RecordRead } from '@openseat/shared/schemas/record-access';
import * as s from '../db/schema/index';
import { createApplication } from './application-factories';
import { createCampusGrades, createPeriod } from './enrollment-factories';
import { createCampus, createSchool, createUser } from './factories';
import { apiClient, startTestApp, type TestContext } from './harness';
import { signIn, tokenFor } from './session';
import { guardianSessionKey } from './guardian-session';

/*
 * Who saw this child (issue 28, docs/privacy.md), generated from the app's own route list: every route that declares
 * `recordRead` has a case below (a new one without a case fails the first test), and each writes one record_access
 * row per record it answered, of its kind, naming its reader. `GET /application/:id/readers` then lists them, newest
 * first, for the audit log's readers of the record's school only.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let dataDir: string;
let admin: string;
let adminId: number;
let superAdmin: string;
let superAdminId: number;
let id_campus: number;
let campusStaff: string;
let otherAdmin: string;
let id_campus_year: number;
let mine: { id_application: number };
let id_application_file: number;
let cookie: string;
const GUARDIAN = 'reader.family@example.org';

/** The rows written since `after`, oldest first. */
const readsSince = (after: number) =>
  ctx.db
    .select()
    .from(s.recordAccess)
    .where(gt(s.recordAccess.id_record_access, after))
    .orderBy(asc(s.recordAccess.id_record_access));

async function lastRead() {
  const [row] = await ctx.db
    .select({ id: s.recordAccess.id_record_access })
    .from(s.recordAccess)
    .orderBy(desc(s.recordAccess.id_record_access))
    .limit(1);
  return row?.id ?? 0;
}

/** A route's call and the records it answers (each must have one row, of the route's kind, by `reader`). */
type Case = {
  request: () => Promise<{ status: number }>;
  records: () => Promise<number[]>;
  reader: { id_user: number } | { guardian: string };
};

const raw = async (url: string, headers: Record<string, string>) => {
  const res = await fetch(`${ctx.baseUrl}/api${url}`, { headers });
  await res.arrayBuffer();
  return { status: res.status };
};

const CASES: Record<string, Case> = {
  'GET /api/application/:id': {
    request: () => call('GET', `/application/${mine.id_application}`, { token: admin }),
    records: async () => [mine.id_application],
    reader: { id_user: 0 },
  },
  'GET /api/application/file/:id': {
    request: () => raw(`/application/file/${id_application_file}`, { authorization: `Bearer ${admin}` }),
    records: async () => [mine.id_application],
    reader: { id_user: 0 },
  },
  'GET /api/application/export': {
    // the selected list: the confirmed application only
    request: () => raw(`/application/export?type=2&id_campus=${id_campus}`, { authorization: `Bearer ${admin}` }),
    records: async () => [mine.id_application],
    reader: { id_user: 0 },
  },
  'GET /api/sis-handoff/batches/:id/file': {
    request: async () => {
      const batch = await call<{ id_sis_handoff: number }>('POST', '/sis-handoff/batches', {
        token: admin,
        body: { id_campus_year, format: 'powerschool', include: 'all' },
      });
      expect(batch.status, JSON.stringify(batch.body)).toBe(201);
      return raw(`/sis-handoff/batches/${batch.body.id_sis_handoff}/file`, { authorization: `Bearer ${admin}` });
    },
    records: async () => [mine.id_application],
    reader: { id_user: 0 },
  },
  'GET /api/family/applications/:id': {
    request: () => raw(`/family/applications/${mine.id_application}`, { cookie: `openseat_family=${cookie}` }),
    records: async () => [mine.id_application],
    reader: { guardian: 'r•••@example.org' },
  },
  // the breach export names the records the school admin read above (a view, a download, two exports)
  'GET /api/admin/record-reads/export': {
    request: () => raw(`/admin/record-reads/export?${readsOfAdmin()}`, { authorization: `Bearer ${superAdmin}` }),
    records: async () => Array(4).fill(mine.id_application),
    reader: { id_user: 0 },
  },
  // after the breach export, so it is not among the four above: the family is the guardian's one application
  'GET /api/application/:id/family-export': {
    request: () => raw(`/application/${mine.id_application}/family-export`, { authorization: `Bearer ${admin}` }),
    records: async () => [mine.id_application],
    reader: { id_user: 0 },
  },
};

const today = () => new Date().toISOString().slice(0, 10);
const readsOfAdmin = (from = today(), to = today()) => `id_user=${adminId}&from=${from}&to=${to}`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-reads-'));
  ctx = await startTestApp({ env: { DATA_DIR: dataDir } });
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db, 'Readers School');
  const other = await createSchool(ctx.db, 'Other Readers School');
  const campus = await createCampus(ctx.db, school.id_school, 'Readers Campus');
  await createCampusGrades(ctx.db, campus, [3]);
  const period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 5 } });
  id_campus_year = period.id_campus_year;
  id_campus = campus.id_campus;
  const ref = { ...period, id_school: school.id_school, id_campus: campus.id_campus };
  mine = await createApplication(ctx.db, ref, { id_status: STATUS.CONFIRMED, guardianEmail: GUARDIAN });
  await createApplication(ctx.db, ref, { id_status: STATUS.APPLIED });
  const adminUser = await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  admin = (await signIn(ctx.baseUrl, adminUser.email)).accessToken;
  adminId = adminUser.id_user;
  const system = await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM });
  superAdmin = (await signIn(ctx.baseUrl, system.email)).accessToken;
  superAdminId = system.id_user;
  for (const [key, c] of Object.entries(CASES))
    if ('id_user' in c.reader) c.reader.id_user = key.includes('/admin/') ? superAdminId : adminId;
  campusStaff = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: school.id_school,
    id_campus: campus.id_campus,
  });
  otherAdmin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: other.id_school });

  const form = new FormData();
  form.append('id_application', String(mine.id_application));
  form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 birth certificate'))]), 'birth.pdf');
  const uploaded = await fetch(`${ctx.baseUrl}/api/application/upload-file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  const body = (await uploaded.json()) as { data: { id_application_file: number } };
  expect(uploaded.status, JSON.stringify(body)).toBe(200);
  id_application_file = body.data.id_application_file;

  cookie = await guardianSessionKey(ctx.db, GUARDIAN);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('every read of a child record is written', () => {
  it('every route that declares recordRead has a case here, and every case is such a route', () => {
    const declared = ctx.app.apiRoutes.filter((r) => r.recordRead).map((r) => `${r.method} ${r.url}`);
    expect(declared.sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [key, c] of Object.entries(CASES))
    it(`${key} writes one row per record it answered, by its reader`, async () => {
      const how = (): RecordAccessKind => ctx.app.apiRoutes.find((r) => `${r.method} ${r.url}` === key)!.recordRead!;
      const after = await lastRead();
      const res = await c.request();
      expect(res.status).toBe(200);
      const rows = await readsSince(after);
      expect(rows.map((r) => r.id_application).sort((x, y) => x - y)).toEqual(await c.records());
      for (const row of rows)
        expect(row).toMatchObject({
          how: how(),
          id_user: 'id_user' in c.reader ? c.reader.id_user : null,
          guardian: 'guardian' in c.reader ? c.reader.guardian : null,
        });
    });

  it('a refused read writes nothing', async () => {
    const after = await lastRead();
    expect((await call('GET', `/application/${mine.id_application}`, { token: otherAdmin })).status).toBe(404);
    expect(
      (await raw(`/application/file/${id_application_file}`, { authorization: `Bearer ${otherAdmin}` })).status,
    ).toBe(404);
    expect(await readsSince(after)).toEqual([]);
  });
});

describe('who saw this child', () => {
  it("lists the record's reads newest first, with each reader, for the audit log's readers of its school", async () => {
    const res = await call<{ data: RecordRead[]; total: number }>(
      'GET',
      `/application/${mine.id_application}/readers`,
      {
        token: admin,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const kinds = res.body.data.map((r) => r.how);
    // newest first: the family export, the breach export's four, the guardian's visit, the SIS file, the CSV, the
    // download, the view
    expect(kinds).toEqual([
      'export',
      'export',
      'export',
      'export',
      'export',
      'portal',
      'export',
      'export',
      'download',
      'view',
    ]);
    expect(res.body.total).toBe(res.body.data.length);
    expect(res.body.data[5].reader).toEqual({ kind: 'guardian', contact: 'r•••@example.org' });
    expect(res.body.data.find((r) => r.how === 'download')).toMatchObject({
      detail: 'birth.pdf',
      reader: { kind: 'staff', email: expect.stringContaining('@') },
    });
    const stamps = res.body.data.map((r) => Date.parse(r.at));
    expect([...stamps].sort((x, y) => y - x)).toEqual(stamps);

    const page = await call<{ data: RecordRead[]; total: number }>(
      'GET',
      `/application/${mine.id_application}/readers?page=1&pageSize=2`,
      { token: admin },
    );
    expect(page.body.data).toEqual(res.body.data.slice(2, 4));
  });

  it('is refused without the audit log (403) and unknown to another school (404)', async () => {
    const url = `/application/${mine.id_application}/readers`;
    expect((await call('GET', url, { token: campusStaff })).status).toBe(403);
    expect((await call('GET', url, { token: otherAdmin })).status).toBe(404);
    expect((await call('GET', '/application/abc/readers', { token: admin })).status).toBe(400);
  });
});

describe('every record a user read between two dates (a breach notification)', () => {
  const csvOf = async (query: string, token = superAdmin) => {
    const res = await fetch(`${ctx.baseUrl}/api/admin/record-reads/export?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: res.status,
      lines: (await res.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    };
  };

  it("lists the user's reads oldest first, with the child and the guardian to tell, and is audited", async () => {
    const { status, lines } = await csvOf(readsOfAdmin());
    expect(status).toBe(200);
    expect(lines[0]).toBe(
      'read_at,how,detail,id_application,application,school,campus,student_first_name,student_last_name,' +
        'guardian_name,guardian_email,guardian_phone',
    );
    const rows = lines.slice(1).map((line) => line.split(','));
    // the view, the download, the CSV, the SIS file, the family export
    expect(rows.map((r) => r[1])).toEqual(['view', 'download', 'export', 'export', 'export']);
    expect(rows[1][2]).toBe('birth.pdf');
    expect(rows[4][2]).toBe('family-export');
    for (const row of rows) {
      expect(row[3]).toBe(String(mine.id_application));
      expect(row[10]).toBe(GUARDIAN);
    }
    const audit = await ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'record_access.export'));
    expect(audit.at(-1)).toMatchObject({ id_user: superAdminId, entityId: String(adminId) });
  });

  it('leaves out other days and other users', async () => {
    expect((await csvOf(readsOfAdmin('2020-01-01', '2020-12-31'))).lines).toHaveLength(1);
    expect((await csvOf(`id_user=${superAdminId}&from=2020-01-01&to=2020-12-31`)).lines).toHaveLength(1);
  });

  it('is for system users only, and refuses a range that ends before it starts', async () => {
    expect((await csvOf(readsOfAdmin(), admin)).status).toBe(403);
    const backwards = await call<{ errors: Array<{ path: string; message: string }> }>(
      'GET',
      `/admin/record-reads/export?${readsOfAdmin('2026-12-31', '2026-01-01')}`,
      { token: superAdmin },
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      { path: 'to', message: 'The end date must be on or after the start date.' },
    ]);
    expect((await csvOf('id_user=abc&from=2026-01-01&to=2026-01-02')).status).toBe(400);
  });
});
