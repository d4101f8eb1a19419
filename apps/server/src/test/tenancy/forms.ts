import { FORM_PROVIDER } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import { period, type Campus, type Fixtures, type Row } from './kit';

// forms and intake: forms of a1 (and a2) of school A, one of b1 of school B, deliveries on each
type FormFixtures = Awaited<ReturnType<typeof buildFormFixtures>>;
let ff: FormFixtures;
const SECRET_FORMS = ['Secret-Beta-Form', 'Secret-B-Answer', 'Secret-A2-Form'];

async function buildFormFixtures(db: TestContext['db'], x: Fixtures) {
  const form = async (c: Campus, form_name: string) => {
    const p = x.enrollment[c].period;
    const [row] = await db
      .insert(s.campusForm)
      .values({
        id_school: p.id_school,
        id_campus: p.id_campus,
        id_campus_year: p.id_campus_year,
        form_name,
        form_id: `${form_name}-id`,
        id_form_type: FORM_PROVIDER.TYPEFORM,
      })
      .returning();
    return row;
  };
  const delivery = async (f: typeof s.campusForm.$inferSelect, id_application: number, answer: string) => {
    await db.insert(s.formSubmission).values({
      id_school: f.id_school,
      id_campus: f.id_campus,
      id_campus_form: f.id_campus_form,
      id_form_type: f.id_form_type,
      deliveryId: `${answer}-delivery`,
      id_application,
      payload: { answer },
      answers: [{ question: 'Tell us more', answer }],
    });
  };
  const own = await form('a1', 'Alpha-Form');
  const spare = await form('a1', 'Alpha-Spare-Form');
  const a2 = await form('a2', 'Secret-A2-Form');
  const other = await form('b1', 'Secret-Beta-Form');
  await delivery(own, x.applications.a1.id_application, 'Alpha-Answer');
  await delivery(other, x.applications.b1.id_application, 'Secret-B-Answer');
  return { own, spare, a2, other };
}

const formRequest = (x: Fixtures, c: Campus, form_name: string) => ({
  id_campus: period(x, c).id_campus,
  id_campus_year: period(x, c).id_campus_year,
  id_status_from: null,
  id_status_to: null,
  form_name,
  form_id: `${form_name}-${Math.random().toString(36).slice(2)}`,
  form_url: null,
  is_application_form: false,
  id_form_type: FORM_PROVIDER.TYPEFORM,
  field_map: {},
});

export const FORM_ROWS: Row[] = [
  {
    route: 'GET /campus-form',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/campus-form?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/campus-form?id_campus=${x.b1.id_campus}` }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'GET /campus-form/:id',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/campus-form/${ff.own.id_campus_form}` }),
    other: () => ({ method: 'GET', path: `/campus-form/${ff.other.id_campus_form}` }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'GET /campus-form/:id',
    case: 'a campus user does not see the forms of another campus of its school',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/campus-form/${ff.own.id_campus_form}` }),
    other: () => ({ method: 'GET', path: `/campus-form/${ff.a2.id_campus_form}` }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'POST /campus-form',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/campus-form', body: formRequest(x, 'a1', 'Alpha-New-Form') }),
    other: (x) => ({ method: 'POST', path: '/campus-form', body: formRequest(x, 'b1', 'Planted-Form') }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'PUT /campus-form/:id',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: `/campus-form/${ff.own.id_campus_form}`,
      body: formRequest(x, 'a1', 'Alpha-Form'),
    }),
    other: (x) => ({
      method: 'PUT',
      path: `/campus-form/${ff.other.id_campus_form}`,
      body: formRequest(x, 'b1', 'Hijacked-Form'),
    }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'DELETE /campus-form/:id',
    actor: 'schoolA',
    own: () => ({ method: 'DELETE', path: `/campus-form/${ff.spare.id_campus_form}` }),
    other: () => ({ method: 'DELETE', path: `/campus-form/${ff.other.id_campus_form}` }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'POST /campus-form/:id/secret',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: `/campus-form/${ff.own.id_campus_form}/secret`, body: {} }),
    other: () => ({ method: 'POST', path: `/campus-form/${ff.other.id_campus_form}/secret`, body: {} }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'GET /campus-form/submissions',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/campus-form/submissions?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/campus-form/submissions?id_campus=${x.b1.id_campus}` }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'GET /application/:id/submissions',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/application/${x.applications.a1.id_application}/submissions` }),
    other: (x) => ({ method: 'GET', path: `/application/${x.applications.b1.id_application}/submissions` }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'POST /application/submission-to-csv',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/application/submission-to-csv', body: { id_campus: x.a1.id_campus } }),
    other: (x) => ({ method: 'POST', path: '/application/submission-to-csv', body: { id_campus: x.b1.id_campus } }),
    foreign: () => SECRET_FORMS,
  },
];

/** Builds the records of this part's rows (once, before the rows run). */
export async function setupForms(ctx: Pick<TestContext, 'db'>, x: Fixtures) {
  ff = await buildFormFixtures(ctx.db, x);
}
