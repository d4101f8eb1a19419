import type { Row } from './kit';

// dashboard: figures of a campus the caller may see; another school's or campus's id answers 404
const DASHBOARD_GETS = ['items', 'leads', 'ads', 'applications', 'bars-data'];
export const DASHBOARD_ROWS: Row[] = [
  ...DASHBOARD_GETS.map((path): Row => ({
    route: `GET /dashboard/${path}`,
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/dashboard/${path}?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/dashboard/${path}?id_campus=${x.b1.id_campus}` }),
    foreign: () => [],
  })),
  ...DASHBOARD_GETS.map((path): Row => ({
    route: `GET /dashboard/${path}`,
    case: 'a campus user does not count another campus of its school',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/dashboard/${path}?id_campus=${x.a1.id_campus}&id_school_year=3` }),
    other: (x) => ({ method: 'GET', path: `/dashboard/${path}?id_campus=${x.a2.id_campus}&id_school_year=3` }),
    foreign: () => [],
  })),
  {
    route: 'GET /user/dashboard/items',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: '/user/dashboard/items' }),
    shared: "the caller's own widgets only (dashboard.test.ts: another user's choice is their own)",
    foreign: () => [],
  },
  {
    route: 'PUT /user/dashboard/items',
    actor: 'schoolA',
    own: () => ({ method: 'PUT', path: '/user/dashboard/items', body: { items: [3, 1] } }),
    shared: "writes the caller's own widgets only; no id of another user is read",
    foreign: () => [],
  },
  {
    route: 'PUT /user/dashboard/item',
    actor: 'campusA1',
    own: () => ({ method: 'PUT', path: '/user/dashboard/item', body: { id_dashboard_item: 2 } }),
    shared: "writes the caller's own widgets only; no id of another user is read",
    foreign: () => [],
  },
];
