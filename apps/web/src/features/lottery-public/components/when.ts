import { formatDateTime } from '../../../lib/dates';

/** A moment of the record in UTC, saying so: the log, the freeze and the drand round are compared across zones. */
export const utc = (iso: string | null, lng: string, none: string) =>
  iso ? `${formatDateTime(iso, lng, none, 'UTC')} UTC` : none;
