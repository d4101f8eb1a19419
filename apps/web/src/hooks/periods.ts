import { queryOptions } from '@tanstack/react-query';
import type { CampusYearRow } from '@openseat/shared/schemas/enrollment';
import { http } from '../lib/client';
import { periodKeys } from '../lib/query-keys';

/** One school period (campus year), read by the enrollment settings and the lottery screens. */
export const periodQuery = (id_campus_year: number | null) =>
  queryOptions({
    queryKey: periodKeys.one(id_campus_year ?? 0),
    queryFn: () => http.get<CampusYearRow>('/enrollment/campusYear', { id_campus_year: id_campus_year! }),
    enabled: id_campus_year !== null,
  });
