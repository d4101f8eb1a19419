import { registrationFixture } from './family';
import { period, type Fixtures, type Row } from './kit';

// ---- registration: the checklist a family completes after accepting a seat, per school period ----

const item = (en: string) => ({ kind: 'deposit', required: true, labels: { en, es: en } });
const checklist = (x: Fixtures, c: 'a1' | 'a2' | 'b1', en: string) => ({
  id_campus_year: period(x, c).id_campus_year,
  items: [item(en)],
});

export const REGISTRATION_ROWS: Row[] = [
  {
    route: 'GET /registration/checklist',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/registration/checklist?id_campus_year=${period(x, 'a1').id_campus_year}` }),
    other: (x) => ({ method: 'GET', path: `/registration/checklist?id_campus_year=${period(x, 'b1').id_campus_year}` }),
    foreign: () => ['Secret-Beta'],
  },
  {
    route: 'GET /registration/checklist',
    case: 'one campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/registration/checklist?id_campus_year=${period(x, 'a1').id_campus_year}` }),
    other: (x) => ({ method: 'GET', path: `/registration/checklist?id_campus_year=${period(x, 'a2').id_campus_year}` }),
    foreign: () => ['Alpha South'],
  },
  {
    route: 'PUT /registration/checklist',
    actor: 'schoolA',
    own: (x) => ({ method: 'PUT', path: '/registration/checklist', body: checklist(x, 'a1', 'Alpha deposit') }),
    other: (x) => ({ method: 'PUT', path: '/registration/checklist', body: checklist(x, 'b1', 'Secret-Beta deposit') }),
    foreign: () => ['Secret-Beta'],
  },
  {
    route: 'POST /registration/checklist/copy',
    actor: 'schoolA',
    own: (x) => ({
      method: 'POST',
      path: '/registration/checklist/copy',
      body: { from_id_campus_year: period(x, 'a1').id_campus_year, id_campus_year: period(x, 'a2').id_campus_year },
    }),
    // another school's checklist is neither read into A's period nor written over B's
    other: (x) => ({
      method: 'POST',
      path: '/registration/checklist/copy',
      body: { from_id_campus_year: period(x, 'b1').id_campus_year, id_campus_year: period(x, 'a2').id_campus_year },
    }),
    foreign: () => ['Secret-Beta'],
  },
  {
    route: 'POST /registration/checklist/copy',
    case: 'into another school',
    actor: 'schoolA',
    own: (x) => ({
      method: 'POST',
      path: '/registration/checklist/copy',
      body: { from_id_campus_year: period(x, 'a2').id_campus_year, id_campus_year: period(x, 'a1').id_campus_year },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/registration/checklist/copy',
      body: { from_id_campus_year: period(x, 'a1').id_campus_year, id_campus_year: period(x, 'b1').id_campus_year },
    }),
    foreign: () => ['Secret-Beta'],
  },
  {
    route: 'GET /registration/reviews',
    actor: 'schoolA',
    own: () => ({
      method: 'GET',
      path: `/registration/reviews?id_campus_year=${registrationFixture().registrationPeriod.id_campus_year}`,
    }),
    other: (x) => ({ method: 'GET', path: `/registration/reviews?id_campus_year=${period(x, 'b1').id_campus_year}` }),
    foreign: () => ['Secret-Beta'],
  },
  {
    route: 'GET /registration/applications/:id',
    actor: 'schoolA',
    own: () => ({
      method: 'GET',
      path: `/registration/applications/${registrationFixture().registered.id_application}`,
    }),
    other: (x) => ({ method: 'GET', path: `/registration/applications/${x.applications.b1.id_application}` }),
    foreign: () => ['Secret-Beta'],
  },
  {
    route: 'GET /registration/applications/:id',
    case: 'one campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/registration/applications/${x.applications.a1.id_application}` }),
    other: () => ({
      method: 'GET',
      path: `/registration/applications/${registrationFixture().registered.id_application}`,
    }),
    foreign: () => ['Secret-Family-Form'],
  },
  {
    route: 'GET /registration/applications/:id/items/:id_registration_item/document',
    actor: 'schoolA',
    own: () => ({
      method: 'GET',
      path: `/registration/applications/${registrationFixture().registered.id_application}/items/${registrationFixture().document.id_registration_item}/document`,
    }),
    other: (x) => ({
      method: 'GET',
      path: `/registration/applications/${x.applications.b1.id_application}/items/${registrationFixture().document.id_registration_item}/document`,
    }),
    foreign: () => ['Secret-Beta', 'Secret-Family-Document'],
  },
  {
    route: 'GET /registration/applications/:id/items/:id_registration_item/document',
    case: 'one campus',
    actor: 'campusA1',
    ownActor: 'schoolA',
    own: () => ({
      method: 'GET',
      path: `/registration/applications/${registrationFixture().registered.id_application}/items/${registrationFixture().document.id_registration_item}/document`,
    }),
    other: () => ({
      method: 'GET',
      path: `/registration/applications/${registrationFixture().registered.id_application}/items/${registrationFixture().document.id_registration_item}/document`,
    }),
    foreign: () => ['Guardian-A-Document'],
  },
  {
    route: 'PUT /registration/applications/:id/items/:id_registration_item/review',
    actor: 'schoolA',
    own: () => ({
      method: 'PUT',
      path: `/registration/applications/${registrationFixture().registered.id_application}/items/${registrationFixture().deposit.id_registration_item}/review`,
      body: { decision: 'approve' },
    }),
    other: (x) => ({
      method: 'PUT',
      path: `/registration/applications/${x.applications.b1.id_application}/items/${registrationFixture().deposit.id_registration_item}/review`,
      body: { decision: 'approve' },
    }),
    foreign: () => ['Secret-Beta'],
  },
];
