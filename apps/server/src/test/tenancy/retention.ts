import type { Row } from './kit';

// ---- retention (docs/privacy.md, "Retention"): a school's policy, its preview and its runs ----

/**
 * The rows run last: the settings row keeps 50 school years, so the run row that follows finds nothing due in the
 * fixtures (no period has ended fifty years ago) and changes no other row's data.
 */
export const RETENTION_ROWS: Row[] = [
  {
    route: 'GET /retention/settings',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/retention/settings?id_school=${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/retention/settings?id_school=${x.schoolB.id_school}` }),
    foreign: () => [],
  },
  {
    route: 'PUT /retention/settings',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/retention/settings',
      body: { id_school: x.schoolA.id_school, retention_years: 50 },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/retention/settings',
      body: { id_school: x.schoolB.id_school, retention_years: 1 },
    }),
    foreign: () => [],
  },
  {
    route: 'GET /retention/preview',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/retention/preview?id_school=${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/retention/preview?id_school=${x.schoolB.id_school}` }),
    foreign: (x) => [x.schoolB.name],
  },
  {
    route: 'POST /retention/runs',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/retention/runs', body: { id_school: x.schoolA.id_school } }),
    other: (x) => ({ method: 'POST', path: '/retention/runs', body: { id_school: x.schoolB.id_school } }),
    foreign: () => [],
  },
  {
    route: 'GET /retention/runs',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/retention/runs?id_school=${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/retention/runs?id_school=${x.schoolB.id_school}` }),
    foreign: () => [],
  },
];
