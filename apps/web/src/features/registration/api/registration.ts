import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampusYearRow } from '@openseat/shared/schemas/enrollment';
import type {
  RegistrationChecklist,
  RegistrationChecklistCopy,
  RegistrationChecklistRequest,
} from '@openseat/shared/schemas/registration';
import { periodQuery } from '../../../hooks/periods';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import { http } from '../../../lib/client';
import { periodKeys } from '../../../lib/query-keys';

type Saved<T> = { message: string; data: T };

export const checklistKeys = { one: (id_campus_year: number) => ['registration-checklist', id_campus_year] as const };

export const useChecklist = (id_campus_year: number | null) =>
  useQuery({
    queryKey: checklistKeys.one(id_campus_year ?? 0),
    queryFn: () => http.get<RegistrationChecklist>('/registration/checklist', { id_campus_year: id_campus_year! }),
    enabled: id_campus_year !== null,
  });

/** The period the checklist belongs to (the cache entry the period's settings share). */
export const usePeriod = (id_campus_year: number | null) => useQuery(periodQuery(id_campus_year));

/** Every school period the user can see (current and finalized): where a checklist may be copied from. */
export const useVisiblePeriods = (enabled: boolean) =>
  useQuery({
    queryKey: [...periodKeys.all, 'list', 'every'] as const,
    queryFn: () => http.get<CampusYearRow[]>('/enrollment/campusYear/all'),
    enabled,
  });

function useChecklistWrite<I>(send: (input: I) => Promise<Saved<RegistrationChecklist>>) {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: send,
    onSuccess: (saved) => client.setQueryData(checklistKeys.one(saved.data.id_campus_year), saved.data),
  });
}

export const useSaveChecklist = () =>
  useChecklistWrite((body: RegistrationChecklistRequest) =>
    http.put<Saved<RegistrationChecklist>>('/registration/checklist', body),
  );

export const useCopyChecklist = () =>
  useChecklistWrite((body: RegistrationChecklistCopy) =>
    http.post<Saved<RegistrationChecklist>>('/registration/checklist/copy', body),
  );
