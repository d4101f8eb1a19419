import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import { period, type Fixtures, type Row } from './kit';

// ---- the SIS hand-off: a batch of A's registration period (guardian A's confirmed child) and one of B1's ----

type Period = { id_school: number; id_campus: number; id_campus_year: number };

async function batchOf(db: TestContext['db'], p: Period, id_application: number) {
  const [batch] = await db
    .insert(s.sisHandoff)
    .values({ ...p, format: 'powerschool', include: 'all', id_user: 0, count: 1 })
    .returning();
  await db
    .insert(s.sisHandoffApplication)
    .values({ id_sis_handoff: batch.id_sis_handoff, id_school: p.id_school, id_application });
  return batch;
}

/** Built with the registration fixtures (tenancy/family.ts): A's batch carries a confirmed child, B's B1's child. */
export async function sisHandoffFixtures(
  db: TestContext['db'],
  x: Fixtures,
  registrationPeriod: Period,
  registered: { id_application: number },
) {
  hf = {
    periodA: registrationPeriod,
    handoffA: await batchOf(db, registrationPeriod, registered.id_application),
    handoffB: await batchOf(db, period(x, 'b1'), x.applications.b1.id_application),
  };
  return hf;
}
let hf: { periodA: Period; handoffA: { id_sis_handoff: number }; handoffB: { id_sis_handoff: number } };

const periodA = () => hf.periodA.id_campus_year;

export const SIS_HANDOFF_ROWS: Row[] = [
  {
    route: 'GET /sis-handoff/students',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/sis-handoff/students?id_campus_year=${periodA()}&format=oneroster` }),
    other: (x) => ({
      method: 'GET',
      path: `/sis-handoff/students?id_campus_year=${period(x, 'b1').id_campus_year}&format=oneroster`,
    }),
    foreign: () => ['Secret-B1-Child', 'Secret-Beta'],
  },
  {
    route: 'GET /sis-handoff/students',
    case: 'one campus',
    actor: 'campusA1',
    own: (x) => ({
      method: 'GET',
      path: `/sis-handoff/students?id_campus_year=${period(x, 'a1').id_campus_year}&format=powerschool`,
    }),
    other: () => ({ method: 'GET', path: `/sis-handoff/students?id_campus_year=${periodA()}&format=powerschool` }),
    foreign: () => ['Guardian-A-Registered', 'Secret-Family-Child'],
  },
  {
    route: 'GET /sis-handoff/batches',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/sis-handoff/batches?id_campus_year=${periodA()}` }),
    other: (x) => ({ method: 'GET', path: `/sis-handoff/batches?id_campus_year=${period(x, 'b1').id_campus_year}` }),
    foreign: () => ['Secret-Beta'],
  },
  {
    route: 'POST /sis-handoff/batches',
    actor: 'schoolA',
    own: () => ({
      method: 'POST',
      path: '/sis-handoff/batches',
      body: { id_campus_year: periodA(), format: 'oneroster', include: 'all' },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/sis-handoff/batches',
      body: { id_campus_year: period(x, 'b1').id_campus_year, format: 'oneroster', include: 'all' },
    }),
    foreign: () => ['Secret-B1-Child', 'Secret-Beta'],
  },
  {
    route: 'GET /sis-handoff/batches/:id/file',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/sis-handoff/batches/${hf.handoffA.id_sis_handoff}/file` }),
    other: () => ({
      method: 'GET',
      path: `/sis-handoff/batches/${hf.handoffB.id_sis_handoff}/file`,
    }),
    foreign: () => ['Secret-B1-Child'],
  },
  {
    route: 'GET /sis-handoff/batches/:id/file',
    case: 'one campus',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/sis-handoff/batches/${hf.handoffA.id_sis_handoff}/file` }),
    ownActor: 'schoolA',
    other: () => ({
      method: 'GET',
      path: `/sis-handoff/batches/${hf.handoffA.id_sis_handoff}/file`,
    }),
    foreign: () => ['Guardian-A-Registered'],
  },
];
