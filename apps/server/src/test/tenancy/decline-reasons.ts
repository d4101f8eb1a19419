import type { Row } from './kit';

// ---- decline reasons: the list a school's families choose from when they decline an offer ----

export const DECLINE_REASON_ROWS: Row[] = [
  {
    route: 'GET /decline-reasons',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/decline-reasons?id_school=${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/decline-reasons?id_school=${x.schoolB.id_school}` }),
    foreign: () => ['Secret-Beta'],
  },
  {
    route: 'PUT /decline-reasons',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/decline-reasons',
      body: { id_school: x.schoolA.id_school, reasons: [{ labels: { en: 'Alpha reason' } }] },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/decline-reasons',
      body: { id_school: x.schoolB.id_school, reasons: [{ labels: { en: 'Secret-Beta reason' } }] },
    }),
    foreign: () => ['Secret-Beta'],
  },
];
