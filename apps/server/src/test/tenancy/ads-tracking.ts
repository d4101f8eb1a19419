import { SECRET_CHILDREN } from './applications';
import type { Row } from './kit';

/** Ads tracking: every read names a campus of the caller's reach or none; another campus or school is not found. */
const ADS_ALL_TIME = 'dateRange=6&startDate=2000-01-01&endDate=2099-12-31';
const adsRow = (path: string): Row[] => [
  {
    route: `GET ${path}`,
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `${path}?${ADS_ALL_TIME}&id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `${path}?${ADS_ALL_TIME}&id_campus=${x.a2.id_campus}` }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: `GET ${path}`,
    case: 'another school',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `${path}?${ADS_ALL_TIME}&id_campus=${x.a2.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `${path}?${ADS_ALL_TIME}&id_campus=${x.b1.id_campus}` }),
    foreign: () => ['Secret-B1-Child'],
  },
];
export const ADS_TRACKING_ROWS: Row[] = [
  ...adsRow('/ads-tracking/monthly-report'),
  ...adsRow('/ads-tracking/status-application-count'),
  ...adsRow('/ads-tracking/applications'),
  ...adsRow('/ads-tracking/applications/export'),
];
