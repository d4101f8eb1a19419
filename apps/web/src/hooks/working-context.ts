import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampusSchoolYearRow, EnrollmentStatus } from '@openseat/shared/schemas/enrollment';
import { http, session, useSession } from '../lib/client';
import { contextKeys } from '../lib/query-keys';
import { useCampusOptions } from './lookups';

/** The school years of a campus (the context picker and the staff intake share this entry). */
export const campusSchoolYearsQuery = (id_campus: number | null) =>
  queryOptions({
    queryKey: contextKeys.years(id_campus),
    queryFn: () => http.get<CampusSchoolYearRow[]>('/catalog/campus-school-years', { id_campus: id_campus! }),
    enabled: id_campus !== null,
  });

/** The campus and school year the user works in: their saved preference, else the first they may see. */
export function useWorkingContext() {
  const { user } = useSession();
  const campuses = useCampusOptions();
  const id_campus = user?.configuration.id_main_campus ?? user?.id_campus ?? campuses.data?.[0]?.id_campus ?? null;
  const years = useQuery(campusSchoolYearsQuery(id_campus));
  const savedYear = user?.configuration.id_main_school_year;
  const current =
    years.data?.find((y) => y.id_school_year === savedYear) ??
    years.data?.find((y) => y.state === 'started') ??
    years.data?.[0] ??
    null;
  return {
    id_campus,
    campuses: campuses.data ?? [],
    years: years.data ?? [],
    id_school_year: current?.id_school_year ?? null,
  };
}

export const useEnrollmentStatus = (id_campus: number | null, id_school_year: number | null) =>
  useQuery({
    queryKey: contextKeys.status(id_campus, id_school_year),
    queryFn: () =>
      http.get<EnrollmentStatus>('/enrollment/status', {
        id_campus: id_campus!,
        id_school_year: id_school_year ?? undefined,
      }),
    enabled: id_campus !== null,
  });

/** Remembers the choice as the user's main campus / main school year. */
export async function saveWorkingContext(change: {
  id_main_campus?: number | null;
  id_main_school_year?: number | null;
}) {
  session.updateUser((u) => ({ ...u, configuration: { ...u.configuration, ...change } }));
  await http.put('/user/configuration', change);
}
