import { appOf, SECRET_CHILDREN } from './applications';
import type { Row } from './kit';

// ---- export on request (docs/privacy.md): a family's data and files, within the caller's school and campuses ----

export const FAMILY_EXPORT_ROWS: Row[] = [
  {
    route: 'GET /application/:id/family-export',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'a1')}/family-export` }),
    other: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'a2')}/family-export` }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'GET /application/:id/family-export',
    case: 'another school',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'a2')}/family-export` }),
    other: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'b1')}/family-export` }),
    foreign: () => ['Secret-B1-Child'],
  },
];
