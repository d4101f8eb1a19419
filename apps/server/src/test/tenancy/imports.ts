import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import { period, type Fixtures, type Row } from './kit';

// ---- self-serve imports: a finished import of A (read, then undone) and one of B ----

let imports: { a: number; b: number };

async function batchOf(db: TestContext['db'], p: { id_school: number; id_school_year: number }) {
  const [batch] = await db
    .insert(s.importBatch)
    .values({ id_school: p.id_school, id_school_year: p.id_school_year, status: 'done', total: 0 })
    .returning();
  return batch.id_import_batch;
}

export async function setupImports(ctx: Pick<TestContext, 'db'>, x: Fixtures) {
  imports = { a: await batchOf(ctx.db, period(x, 'a1')), b: await batchOf(ctx.db, period(x, 'b1')) };
}

/** One importable row (a lead without grade or status), at the campus given in the body. */
const file = (x: Fixtures, campus: 'a1' | 'a2' | 'b1', who = 'Imported') => ({
  id_school_year: period(x, campus).id_school_year,
  id_campus: period(x, campus).id_campus,
  maps: {},
  rows: [
    {
      rowNumber: 2,
      values: {
        studentFirstName: who,
        studentLastName: 'Child',
        guardianName: `${who} Guardian`,
        guardianEmail: `${who.toLowerCase()}.guardian@example.org`,
      },
    },
  ],
});

const fileRows = (route: string, path: string): Row[] => [
  {
    route,
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path, body: file(x, 'a1') }),
    other: (x) => ({ method: 'POST', path, body: file(x, 'b1') }),
    foreign: () => ['Secret-Beta'],
  },
  {
    route,
    case: 'one campus',
    actor: 'campusA1',
    // another family: the first row's commit would make this one a duplicate
    own: (x) => ({ method: 'POST', path, body: file(x, 'a1', 'Campus') }),
    other: (x) => ({ method: 'POST', path, body: file(x, 'a2', 'Campus') }),
    foreign: () => ['Secret-Beta'],
  },
];

export const IMPORT_ROWS: Row[] = [
  ...fileRows('POST /imports/dry-run', '/imports/dry-run'),
  ...fileRows('POST /imports/dry-run/report', '/imports/dry-run/report'),
  ...fileRows('POST /imports/commit', '/imports/commit'),
  {
    route: 'GET /imports/batches',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: '/imports/batches' }),
    shared: "lists the caller's school's imports only (a campus user its campus's: import-apply.test.ts)",
    foreign: () => ['Secret-Beta'],
  },
  {
    route: 'GET /imports/batches/:id',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/imports/batches/${imports.a}` }),
    other: () => ({ method: 'GET', path: `/imports/batches/${imports.b}` }),
    foreign: () => ['Secret-Beta'],
  },
  {
    route: 'POST /imports/batches/:id/undo',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: `/imports/batches/${imports.a}/undo` }),
    other: () => ({ method: 'POST', path: `/imports/batches/${imports.b}/undo` }),
    foreign: () => ['Secret-Beta'],
  },
  {
    route: 'GET /imports/conflicts',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/imports/conflicts?id_school_year=${period(x, 'a1').id_school_year}` }),
    shared: "lists the caller's school's children only (in scope: a campus user's campus)",
    foreign: () => ['Secret-B1-Child', 'Secret-Beta'],
  },
];
