import fs from 'node:fs';
import path from 'node:path';
import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import { period, tenancyFiles, type Fixtures, type ListRow, type Row } from './kit';

// ---- the import's files and mappings (issue 27): A1's file, a school-wide A file, B1's file; A's and B's mappings ----

type ImportFixtures = {
  fileA1: number;
  fileA: number;
  fileB: number;
  mappingA: number;
  spareMappingA: number;
  mappingB: number;
};
let imf: ImportFixtures;

async function storedCsv(db: TestContext['db'], id_school: number, id_campus: number | null, text: string) {
  const relative = `imports/tenancy-${id_school}-${id_campus ?? 'school'}.csv`;
  const absolute = path.join(tenancyFiles.dataDir, 'files', relative);
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  fs.writeFileSync(absolute, text);
  const [row] = await db
    .insert(s.importFile)
    .values({
      id_school,
      id_campus,
      id_user: 0,
      storedPath: relative,
      originalName: 'list.csv',
      kind: 'csv',
      size: text.length,
    })
    .returning();
  return row.id_import_file;
}

async function mapping(db: TestContext['db'], id_school: number, name: string) {
  const [row] = await db
    .insert(s.importMapping)
    .values({ id_school, name, columns: { Name: 'studentFullName' }, values: {}, id_user: 0 })
    .returning();
  return row.id_import_mapping;
}

export async function setupImportsRead(ctx: Pick<TestContext, 'db'>, x: Fixtures) {
  const a = x.schoolA.id_school;
  const b = x.schoolB.id_school;
  imf = {
    fileA1: await storedCsv(
      ctx.db,
      a,
      x.a1.id_campus,
      'Name,Grade,Guardian Email\nAlpha-North-Import,K,alpha.north.import@example.org\n',
    ),
    fileA: await storedCsv(ctx.db, a, null, 'Name,Grade\nSecret-Alpha-School-Import,K\n'),
    fileB: await storedCsv(ctx.db, b, x.b1.id_campus, 'Name,Grade\nSecret-Beta-Import,K\n'),
    mappingA: await mapping(ctx.db, a, 'Alpha-Mapping'),
    spareMappingA: await mapping(ctx.db, a, 'Alpha-Spare-Mapping'),
    mappingB: await mapping(ctx.db, b, 'Secret-Beta-Mapping'),
  };
}

const BOUNDARY = 'openseat-tenancy-boundary';
const multipart = (name: string, text: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
  `Content-Type: text/csv\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`;
const mappingBody = (name: string) => ({ name, columns: { Name: 'studentFullName' } });

/** A run of an uploaded file into campus A1's period: its name and guardian e-mail mapped (a lead, no grade). */
const run = (x: Fixtures, decisions?: []) => ({
  mapping: { columns: { Name: 'studentFullName', 'Guardian Email': 'guardianEmail' } },
  id_school_year: period(x, 'a1').id_school_year,
  id_campus: x.a1.id_campus,
  ...(decisions ? { decisions } : {}),
});

/** The dry run, its CSV and the commit of an uploaded file: the caller's own files only. */
const fileRunRows = (action: string, body: (x: Fixtures) => object): Row[] => [
  {
    route: `POST /imports/files/:id/${action}`,
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: `/imports/files/${imf.fileA1}/${action}`, body: body(x) }),
    other: (x) => ({ method: 'POST', path: `/imports/files/${imf.fileB}/${action}`, body: body(x) }),
    foreign: () => ['Secret-Beta-Import'],
  },
  {
    route: `POST /imports/files/:id/${action}`,
    case: 'one campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: `/imports/files/${imf.fileA1}/${action}`, body: body(x) }),
    other: (x) => ({ method: 'POST', path: `/imports/files/${imf.fileA}/${action}`, body: body(x) }),
    foreign: () => ['Secret-Alpha-School-Import'],
  },
];

export const IMPORTS_READ_ROWS: Row[] = [
  {
    route: 'POST /imports/files',
    actor: 'campusA1',
    own: () => ({
      method: 'POST',
      path: '/imports/files',
      rawBody: multipart('mine.csv', 'Name\nAlpha-Upload\n'),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
    shared:
      "stores into the caller's own school and campus only: the request names no school, campus or file " +
      '(imports/read/import-read.test.ts: a campus upload is seen by its campus and school only)',
    foreign: () => ['Secret-Beta-Import', 'Secret-Alpha-School-Import'],
  },
  {
    route: 'GET /imports/files/:id/preview',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/imports/files/${imf.fileA1}/preview` }),
    other: () => ({ method: 'GET', path: `/imports/files/${imf.fileB}/preview` }),
    foreign: () => ['Secret-Beta-Import'],
  },
  {
    route: 'GET /imports/files/:id/preview',
    case: 'one campus',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/imports/files/${imf.fileA1}/preview` }),
    other: () => ({ method: 'GET', path: `/imports/files/${imf.fileA}/preview` }),
    foreign: () => ['Secret-Alpha-School-Import'],
  },
  {
    route: 'POST /imports/mappings',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/imports/mappings', body: mappingBody('Alpha-New-Mapping') }),
    shared:
      "saves into the caller's own school only: the body names no school, and a campus of another school in its " +
      'value maps is refused (imports/read/import-read.test.ts)',
    foreign: () => ['Secret-Beta-Mapping'],
  },
  {
    route: 'PUT /imports/mappings/:id',
    actor: 'schoolA',
    own: () => ({ method: 'PUT', path: `/imports/mappings/${imf.mappingA}`, body: mappingBody('Alpha-Mapping') }),
    other: () => ({ method: 'PUT', path: `/imports/mappings/${imf.mappingB}`, body: mappingBody('Taken-Over') }),
    foreign: () => ['Secret-Beta-Mapping'],
  },
  {
    route: 'DELETE /imports/mappings/:id',
    actor: 'schoolA',
    own: () => ({ method: 'DELETE', path: `/imports/mappings/${imf.spareMappingA}` }),
    other: () => ({ method: 'DELETE', path: `/imports/mappings/${imf.mappingB}` }),
    foreign: () => ['Secret-Beta-Mapping'],
  },
  ...fileRunRows('dry-run', (x) => run(x)),
  ...fileRunRows('dry-run/report', (x) => run(x)),
  ...fileRunRows('commit', (x) => run(x, [])),
];

export const IMPORTS_READ_LISTS: ListRow[] = [
  {
    route: 'GET /imports/mappings',
    actor: 'campusA1',
    path: '/imports/mappings',
    own: () => ['Alpha-Mapping'],
    foreign: () => ['Secret-Beta-Mapping'],
  },
];
