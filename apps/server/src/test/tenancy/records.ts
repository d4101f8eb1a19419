import fs from 'node:fs';
import path from 'node:path';
import { STATUS } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import { createPeriod } from '../enrollment-factories';
import { createApplication } from '../application-factories';
import { SECRET_CHILDREN, appOf } from './applications';
import { period, tenancyFiles, type Call, type Fixtures, type ListRow, type Row } from './kit';

// application records (app-records): notes, files, tags, saved filters, exports, school years
type RecordsFixtures = Awaited<ReturnType<typeof buildRecordsFixtures>>;
let r: RecordsFixtures;
const RECORD_PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
const SECRET_RECORDS = ['secret-note-a2', 'secret-a2.pdf', 'Secret-A2-Child', 'Secret-B1-Child'];

function uploadCall(id_application: number): Call {
  const boundary = 'tenancyboundary';
  const rawBody =
    `--${boundary}\r\nContent-Disposition: form-data; name="id_application"\r\n\r\n${id_application}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload.pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n${RECORD_PDF}\r\n--${boundary}--\r\n`;
  return {
    method: 'POST',
    path: '/application/upload-file',
    rawBody,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function buildRecordsFixtures(db: TestContext['db'], x: Fixtures) {
  const a2App = x.applications.a2;
  const file = async (app: { id_application: number; id_school: number }, originalName: string) => {
    const storedPath = `applications/${originalName.replace(/\W/g, '')}-${app.id_application}.pdf`;
    fs.mkdirSync(path.join(tenancyFiles.dataDir, 'files', 'applications'), { recursive: true });
    fs.writeFileSync(path.join(tenancyFiles.dataDir, 'files', storedPath), RECORD_PDF);
    const [row] = await db
      .insert(s.applicationFile)
      .values({
        id_school: app.id_school,
        id_application: app.id_application,
        storedPath,
        originalName,
        mimeType: 'application/pdf',
        size: RECORD_PDF.length,
      })
      .returning();
    return row;
  };
  await db
    .insert(s.applicationNote)
    .values({ id_school: a2App.id_school, id_application: a2App.id_application, note: 'secret-note-a2' });
  await db
    .insert(s.applicationTag)
    .values({ id_school: a2App.id_school, id_application: a2App.id_application, id_tag: x.enrollment.a2.tag.id_tag });
  const nextPeriod = await createPeriod(db, x.a1, { id_school_year: 4, grades: { 3: 5 } });
  const [mover, copied] = [
    await createApplication(db, x.enrollment.a1.period, { id_status: STATUS.LEAD, firstName: 'Mover-A1-Child' }),
    await createApplication(db, x.enrollment.a1.period, { id_status: STATUS.LEAD, firstName: 'Copied-A1-Child' }),
  ];
  const copyOf = async (id_user: number, id_school: number) =>
    (
      await db
        .insert(s.applicationCopy)
        .values({ id_school, id_user, id_school_year: 4, applicationIds: [], total: 0, status: 'done' })
        .returning()
    )[0];
  return {
    files: {
      a1: await file(x.applications.a1, 'own-a1.pdf'),
      a1Spare: await file(x.applications.a1, 'spare-a1.pdf'),
      a2: await file(a2App, 'secret-a2.pdf'),
    },
    nextPeriod,
    mover,
    copied,
    copies: {
      own: await copyOf(x.users.campusA1.id_user, x.schoolA.id_school),
      other: await copyOf(x.users.staffB1.id_user, x.schoolB.id_school),
    },
  };
}

export const RECORD_ROWS: Row[] = [
  {
    route: 'GET /application/notes',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/notes?id_application=${appOf(x, 'a1')}` }),
    other: (x) => ({ method: 'GET', path: `/application/notes?id_application=${appOf(x, 'a2')}` }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'POST /application/notes',
    actor: 'campusA1',
    own: (x) => ({
      method: 'POST',
      path: '/application/notes',
      body: { id_application: appOf(x, 'a1'), note: 'Mine' },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application/notes',
      body: { id_application: appOf(x, 'a2'), note: 'Planted' },
    }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'GET /application/files',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/files?id_application=${appOf(x, 'a1')}` }),
    other: (x) => ({ method: 'GET', path: `/application/files?id_application=${appOf(x, 'a2')}` }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'POST /application/upload-file',
    actor: 'campusA1',
    own: (x) => uploadCall(appOf(x, 'a1')),
    other: (x) => uploadCall(appOf(x, 'a2')),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'GET /application/file/:id',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/application/file/${r.files.a1.id_application_file}` }),
    other: () => ({ method: 'GET', path: `/application/file/${r.files.a2.id_application_file}` }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'DELETE /application/delete-file',
    actor: 'campusA1',
    own: () => ({
      method: 'DELETE',
      path: `/application/delete-file?id_application_file=${r.files.a1Spare.id_application_file}`,
    }),
    other: () => ({
      method: 'DELETE',
      path: `/application/delete-file?id_application_file=${r.files.a2.id_application_file}`,
    }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'POST /application-tag',
    actor: 'campusA1',
    own: (x) => ({
      method: 'POST',
      path: '/application-tag',
      body: { id_application: appOf(x, 'a1'), id_tag: x.enrollment.a1.tag.id_tag },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application-tag',
      body: { id_application: appOf(x, 'a2'), id_tag: x.enrollment.a2.tag.id_tag },
    }),
    foreign: (x) => [...SECRET_RECORDS, x.enrollment.a2.tag.name],
  },
  {
    route: 'POST /application-tag',
    case: "another school's tag on an own application",
    actor: 'schoolA',
    own: (x) => ({
      method: 'POST',
      path: '/application-tag',
      body: { id_application: appOf(x, 'a2'), id_tag: x.enrollment.a2.tag.id_tag },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application-tag',
      body: { id_application: appOf(x, 'a2'), id_tag: x.enrollment.b1.tag.id_tag },
    }),
    foreign: (x) => [x.enrollment.b1.tag.name],
  },
  {
    route: 'DELETE /application-tag',
    actor: 'campusA1',
    own: (x) => ({
      method: 'DELETE',
      path: `/application-tag?id_application=${appOf(x, 'a1')}&id_tag=${x.enrollment.a1.tag.id_tag}`,
    }),
    other: (x) => ({
      method: 'DELETE',
      path: `/application-tag?id_application=${appOf(x, 'a2')}&id_tag=${x.enrollment.a2.tag.id_tag}`,
    }),
    foreign: (x) => [...SECRET_RECORDS, x.enrollment.a2.tag.name],
  },
  {
    route: 'POST /application-tag/multiple',
    actor: 'campusA1',
    own: (x) => ({
      method: 'POST',
      path: '/application-tag/multiple',
      body: { applicationIds: [appOf(x, 'a1')], id_tag: x.enrollment.a1.tag.id_tag },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application-tag/multiple',
      body: { applicationIds: [appOf(x, 'a2')], id_tag: x.enrollment.a2.tag.id_tag },
    }),
    foreign: (x) => [...SECRET_RECORDS, x.enrollment.a2.tag.name],
  },
  {
    route: 'GET /filter',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: '/filter' }),
    shared: 'the filter catalog is the same for every school',
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'GET /user/filter',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: '/user/filter' }),
    shared: "the caller's own saved filters",
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'POST /user/filter',
    actor: 'campusA1',
    own: (x) => ({
      method: 'POST',
      path: '/user/filter',
      body: { listType: 1, id_filter: 6, values: [x.a1.id_campus] },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/user/filter',
      body: { listType: 1, id_filter: 6, values: [x.a2.id_campus] },
    }),
    foreign: () => ['Alpha South'],
  },
  {
    route: 'PUT /user/filter',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/user/filter',
      body: { listType: 1, id_filter: 3, values: [x.enrollment.a2.tag.id_tag] },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/user/filter',
      body: { listType: 1, id_filter: 3, values: [x.enrollment.b1.tag.id_tag] },
    }),
    foreign: (x) => [x.enrollment.b1.tag.name],
  },
  {
    route: 'DELETE /user/filter',
    actor: 'campusA1',
    own: () => ({ method: 'DELETE', path: '/user/filter?listType=1' }),
    shared: "resets the caller's own saved filters",
    foreign: () => [],
  },
  {
    route: 'GET /application/export',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/export?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/application/export?id_campus=${x.a2.id_campus}` }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'GET /application/school-year-targets',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/application/school-year-targets?applicationIds=${r.mover.id_application}` }),
    other: (x) => ({ method: 'GET', path: `/application/school-year-targets?applicationIds=${appOf(x, 'a2')}` }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'PUT /application/update-school-year',
    actor: 'campusA1',
    own: () => ({
      method: 'PUT',
      path: '/application/update-school-year',
      body: { applicationIds: [r.mover.id_application], target: 4 },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/update-school-year',
      body: { applicationIds: [appOf(x, 'a2')], target: 4 },
    }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'GET /application/copy-to-school-year/:id',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/application/copy-to-school-year/${r.copies.own.id_application_copy}` }),
    other: () => ({ method: 'GET', path: `/application/copy-to-school-year/${r.copies.other.id_application_copy}` }),
    foreign: () => SECRET_RECORDS,
  },
  // last: its own control starts a background copy
  {
    route: 'POST /application/copy-to-school-year',
    actor: 'campusA1',
    own: () => ({
      method: 'POST',
      path: '/application/copy-to-school-year',
      body: { applicationIds: [r.copied.id_application], target: 4 },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application/copy-to-school-year',
      body: { applicationIds: [appOf(x, 'b1')], target: 4 },
    }),
    foreign: () => SECRET_RECORDS,
  },
  // the waiting list worked in order (waiting-list module)
  {
    route: 'POST /application/reorder-waiting-list',
    actor: 'campusA1',
    own: (x) => ({
      method: 'POST',
      path: '/application/reorder-waiting-list',
      body: { id_campus_year: period(x, 'a1').id_campus_year, id_grade: 3, acknowledged: true, reason: REORDER_WHY },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application/reorder-waiting-list',
      body: { id_campus_year: period(x, 'a2').id_campus_year, id_grade: 3, acknowledged: true, reason: REORDER_WHY },
    }),
    foreign: () => ['Secret-A2-Waiting', ...SECRET_CHILDREN],
  },
  {
    route: 'POST /application/reorder-waiting-list',
    case: 'another school',
    actor: 'schoolA',
    own: (x) => ({
      method: 'POST',
      path: '/application/reorder-waiting-list',
      body: { id_campus_year: period(x, 'a2').id_campus_year, id_grade: 3, acknowledged: true, reason: REORDER_WHY },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application/reorder-waiting-list',
      body: { id_campus_year: period(x, 'b1').id_campus_year, id_grade: 3, acknowledged: true, reason: REORDER_WHY },
    }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/waiting-list/position',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: '/application/waiting-list/position',
      body: { id_application: x.waiting.a1.id_application, waiting_list_position: 1 },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/waiting-list/position',
      body: { id_application: x.waiting.a2.id_application, waiting_list_position: 1 },
    }),
    foreign: () => ['Secret-A2-Waiting', ...SECRET_CHILDREN],
  },
];
const REORDER_WHY = 'The board asked for the priority order';
export const RECORD_LISTS: ListRow[] = [
  {
    route: 'GET /application/export',
    actor: 'campusAdminA',
    path: '/application/export?format=product',
    own: () => ['Lead-A1-Child', 'Secret-A2-Child'],
    foreign: () => ['Secret-B1-Child'],
  },
];

/** Builds the records of this part's rows (once, before the rows run). */
export async function setupRecords(ctx: Pick<TestContext, 'db'>, x: Fixtures) {
  r = await buildRecordsFixtures(ctx.db, x);
}
