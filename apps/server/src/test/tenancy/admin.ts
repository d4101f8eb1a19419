import type { TestContext } from '../harness';
import type { Row } from './kit';

// admin console (modules/admin): system users only; a school user is refused whatever its role holds
let adminJobId = '';

/** A failed job in pg-boss's table (the positive control retries it; the worker then runs it). */
async function buildAdminFixtures(database: TestContext['database']) {
  const { rows } = await database.executeSql(
    `INSERT INTO pgboss.job (name, data, state, retry_limit, started_on, completed_on, output)
     VALUES ('outbox.dispatch', '{}'::jsonb, 'failed', 0, now(), now(), '{"message":"tenancy"}'::jsonb)
     RETURNING id::text AS id`,
  );
  return (rows as Array<{ id: string }>)[0].id;
}

export const ADMIN_ROWS: Row[] = [
  {
    route: 'GET /admin/jobs',
    actor: 'schoolA',
    ownActor: 'superAdmin',
    own: () => ({ method: 'GET', path: '/admin/jobs' }),
    other: () => ({ method: 'GET', path: '/admin/jobs?state=failed' }),
    foreign: () => ['outbox.dispatch'],
  },
  {
    route: 'GET /admin/jobs',
    case: 'System Support after choosing a school',
    actor: 'supportA',
    ownActor: 'support',
    own: () => ({ method: 'GET', path: '/admin/jobs' }),
    other: () => ({ method: 'GET', path: '/admin/jobs' }),
    foreign: () => ['outbox.dispatch'],
  },
  {
    route: 'POST /admin/jobs/:id/retry',
    actor: 'schoolA',
    ownActor: 'superAdmin',
    own: () => ({ method: 'POST', path: `/admin/jobs/${adminJobId}/retry` }),
    other: () => ({ method: 'POST', path: `/admin/jobs/${adminJobId}/retry` }),
    foreign: () => ['outbox.dispatch', 'tenancy'],
  },
  {
    route: 'GET /admin/record-reads/export',
    actor: 'schoolA',
    ownActor: 'superAdmin',
    own: () => ({ method: 'GET', path: `/admin/record-reads/export?id_user=1&from=2026-01-01&to=2099-12-31` }),
    other: () => ({ method: 'GET', path: `/admin/record-reads/export?id_user=1&from=2026-01-01&to=2099-12-31` }),
    foreign: () => ['Secret-B1-Child'],
  },
  {
    route: 'GET /admin/audit',
    actor: 'schoolA',
    ownActor: 'superAdmin',
    own: (x) => ({ method: 'GET', path: `/admin/audit?id_school=${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/admin/audit?id_school=${x.schoolB.id_school}` }),
    foreign: (x) => [x.schoolB.name],
  },
  {
    route: 'GET /admin/audit',
    case: 'System Support after choosing a school',
    actor: 'supportA',
    ownActor: 'support',
    own: () => ({ method: 'GET', path: '/admin/audit' }),
    other: (x) => ({ method: 'GET', path: `/admin/audit?id_school=${x.schoolB.id_school}` }),
    foreign: (x) => [x.schoolB.name],
  },
];

/** Builds the records of this part's rows (once, before the rows run). */
export async function setupAdmin(ctx: Pick<TestContext, 'database'>) {
  adminJobId = await buildAdminFixtures(ctx.database);
}
