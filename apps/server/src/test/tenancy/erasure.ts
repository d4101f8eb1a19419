import { STATUS } from '@openseat/shared/constants';
import type { TestContext } from '../harness';
import { createApplication } from '../application-factories';
import type { Fixtures, Row } from './kit';

// deletion on request (modules/erasure): its own applications, so deleting one leaves the other rows' fixtures whole
let own: { id_application: number };
let other: { id_application: number };
const SECRET = ['Secret-B-Erasable', 'secret.erasable@example.org'];

export const ERASURE_ROWS: Row[] = [
  {
    route: 'GET /application/:id/erasure',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/application/${own.id_application}/erasure?scope=family` }),
    other: () => ({ method: 'GET', path: `/application/${other.id_application}/erasure?scope=family` }),
    foreign: () => SECRET,
  },
  {
    route: 'POST /application/:id/erasure',
    actor: 'schoolA',
    own: () => ({
      method: 'POST',
      path: `/application/${own.id_application}/erasure`,
      body: { scope: 'student', confirm: 'Erasable' },
    }),
    other: () => ({
      method: 'POST',
      path: `/application/${other.id_application}/erasure`,
      body: { scope: 'family', confirm: 'Erasable' },
    }),
    foreign: () => SECRET,
  },
];

/** Builds the records of this part's rows (once, before the rows run). */
export async function setupErasure(ctx: Pick<TestContext, 'db'>, x: Fixtures) {
  const on = (c: 'a1' | 'b1', firstName: string, guardianEmail: string) =>
    createApplication(ctx.db, x.enrollment[c].period, {
      firstName,
      lastName: 'Erasable',
      guardianEmail,
      id_status: STATUS.APPLIED,
    });
  own = await on('a1', 'Alpha-Erasable', 'alpha.erasable@example.org');
  other = await on('b1', 'Secret-B-Erasable', 'secret.erasable@example.org');
}
