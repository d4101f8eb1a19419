import type { Row } from './kit';

/** Catalogs every school shares: the control runs for each, as the most limited caller. */
export const CATALOG_ROWS: Row[] = [
  'context-type',
  'school-year',
  'status',
  'grade',
  'field-option',
  'priority-item',
  'email-type',
  'form-type',
  'guardian-type',
  'feedback-type',
  'status-feedback',
  'text-message-type',
  'enrollment-sis',
  'notification-settings-type',
].map((catalog) => ({
  route: `GET /catalog/${catalog}`,
  actor: 'campusA1',
  own: () => ({ method: 'GET', path: `/catalog/${catalog}` }),
  shared: 'reference data shared by every school',
  foreign: () => [],
}));
