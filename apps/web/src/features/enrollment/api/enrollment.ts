import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type { CampusYearGradeRow, CampusYearRow, PeriodAction } from '@openseat/shared/schemas/enrollment';
import { periodQuery } from '../../../hooks/periods';
import { http } from '../../../lib/client';
import { contextKeys, periodKeys as sharedPeriodKeys } from '../../../lib/query-keys';

type Saved<T> = { message: string; data: T };

export const periodKeys = {
  ...sharedPeriodKeys,
  list: (p: object) => ['periods', 'list', p] as const,
  seats: (id: number) => ['periods', id, 'seats'] as const,
  schoolYears: ['catalog', 'school-year'] as const,
};

export const usePeriods = (p: { id_campus?: number; historical: boolean }) =>
  useQuery({ queryKey: periodKeys.list(p), queryFn: () => http.get<CampusYearRow[]>('/enrollment/campusYear/all', p) });
export const usePeriod = (id: number | null) => useQuery(periodQuery(id));
export const useSeats = (id: number) =>
  useQuery({
    queryKey: periodKeys.seats(id),
    queryFn: () => http.get<CampusYearGradeRow[]>('/enrollment/campusYearGrade/all', { id_campus_year: id }),
  });
export const useSchoolYears = () =>
  useQuery({
    queryKey: periodKeys.schoolYears,
    queryFn: () => http.get<Array<{ id_school_year: number; name: string }>>('/catalog/school-year'),
  });

function useWrite<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: periodKeys.all }),
        client.invalidateQueries({ queryKey: contextKeys.all }),
      ]),
  });
}

export const useSavePeriod = () =>
  useWrite((body: Record<string, unknown>) =>
    body.id_campus_year
      ? http.put<Saved<CampusYearRow>>('/enrollment/campusYear', body)
      : http.post<Saved<CampusYearRow>>('/enrollment/campusYear', body),
  );
export const useActivatePeriod = () =>
  useWrite((body: { id_campus_year: number; action: PeriodAction }) =>
    http.put<Saved<CampusYearRow>>('/enrollment/campusYear/year-activation', body),
  );
export const useSaveSeats = () =>
  useWrite((items: Array<{ id_campus_year_grade: number; spots: unknown }>) =>
    http.put<Saved<CampusYearGradeRow[]>>('/enrollment/campusYearGrade', items),
  );
