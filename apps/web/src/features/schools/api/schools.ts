import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type { Page } from '@openseat/shared/schemas/pagination';
import type {
  CampusConfiguration,
  CampusConfigurationRequest,
  CampusGradeRow,
  CampusRequest,
  CampusRow,
  SchoolConfiguration,
  SchoolConfigurationRequest,
  SchoolRequest,
  SchoolRow,
  SchoolTab,
} from '@openseat/shared/schemas/schools';
import { http } from '../../../lib/client';
import { lookupKeys } from '../../../hooks/lookups';

type Saved<T> = { message: string; data: T };
export type SchoolListParams = { tab: SchoolTab; page: number; pageSize: number; text: string };

export const schoolKeys = {
  all: ['schools'] as const,
  list: (p: SchoolListParams) => ['schools', 'list', p] as const,
  one: (id: number | null) => ['schools', id] as const,
  configuration: (id: number) => ['schools', id, 'configuration'] as const,
  campuses: (id: number | null) => ['schools', id, 'campuses'] as const,
  campus: (id: number | null) => ['campus', id] as const,
  campusPhoto: (id: number) => ['campus', id, 'photo'] as const,
  campusConfiguration: (id: number) => ['campus', id, 'configuration'] as const,
  grades: (id: number) => ['campus', id, 'grades'] as const,
};

// ---- reads (each takes `enabled` where the caller may lack the permission: no request is made then) ----

export const useSchools = (p: SchoolListParams) =>
  useQuery({
    queryKey: schoolKeys.list(p),
    queryFn: () => http.get<Page<SchoolRow>>('/school', p),
    placeholderData: keepPreviousData,
  });
export const useSchool = (id: number | null) =>
  useQuery({
    queryKey: schoolKeys.one(id),
    queryFn: () => http.get<SchoolRow>(`/school/${id}`),
    enabled: id !== null,
  });
export const useSchoolConfiguration = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: schoolKeys.configuration(id),
    queryFn: () => http.get<SchoolConfiguration>('/configuration/school', { id_school: id }),
    enabled,
  });
export const useCampuses = (id_school: number, enabled: boolean) =>
  useQuery({
    queryKey: schoolKeys.campuses(id_school),
    queryFn: () => http.get<Page<CampusRow>>('/campus', { id_school, pageSize: 200 }),
    enabled,
  });
export const useCampus = (id: number | null) =>
  useQuery({
    queryKey: schoolKeys.campus(id),
    queryFn: () => http.get<CampusRow>(`/campus/${id}`),
    enabled: id !== null,
  });
/** The campus photo, read through the authorised client (an `<img src>` would carry no token). */
export const useCampusPhoto = (campus: CampusRow | undefined) =>
  useQuery({
    queryKey: schoolKeys.campusPhoto(campus?.id_campus ?? 0),
    queryFn: async () =>
      (await http.request<Response>('GET', campus!.photo!.replace(/^\/api/, ''), { raw: true })).blob(),
    enabled: Boolean(campus?.photo),
  });
export const useCampusConfiguration = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: schoolKeys.campusConfiguration(id),
    queryFn: () => http.get<CampusConfiguration>('/configuration/campus', { id_campus: id }),
    enabled,
  });
export const useCampusGrades = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: schoolKeys.grades(id),
    queryFn: () => http.get<CampusGradeRow[]>('/configuration/campusGrade/all', { id_campus: id }),
    enabled,
  });

// ---- writes: one mutation hook each, invalidating what it changes ----

function useWrite<I, O>(fn: (input: I) => Promise<O>, keys: (input: I) => QueryKey[]) {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: fn,
    onSuccess: (_data, input) => Promise.all(keys(input).map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const useSaveSchool = () =>
  useWrite(
    (i: { id?: number; body: SchoolRequest }) =>
      i.id ? http.put<Saved<SchoolRow>>(`/school/${i.id}`, i.body) : http.post<Saved<SchoolRow>>('/school', i.body),
    () => [schoolKeys.all, lookupKeys.schools],
  );
export const useSetSchoolActive = () =>
  useWrite(
    (i: { id: number; active: boolean }) => http.put<Saved<SchoolRow>>(`/school/${i.id}/active`, { active: i.active }),
    () => [schoolKeys.all],
  );
export const useSaveSchoolConfiguration = () =>
  useWrite(
    (body: SchoolConfigurationRequest) => http.put<Saved<SchoolConfiguration>>('/configuration/school', body),
    () => [schoolKeys.all],
  );
export const useCreateCampus = () =>
  useWrite(
    (body: { id_school: number; name: string }) => http.post<Saved<CampusRow>>('/campus', body),
    (b) => [schoolKeys.campuses(b.id_school), lookupKeys.campuses],
  );

/** `PUT /campus` is multipart (the spec's form): every field as a string, empty clears it, plus an optional photo. */
function campusForm(id_campus: number, values: CampusRequest, photo: File | null) {
  const form = new FormData();
  form.append('id_campus', String(id_campus));
  for (const [key, value] of Object.entries(values)) if (key !== 'id_campus') form.append(key, String(value ?? ''));
  if (photo) form.append('photo', photo);
  return form;
}

export const useUpdateCampus = () =>
  useWrite(
    (i: { id_campus: number; values: CampusRequest; photo: File | null }) =>
      http.request<Saved<CampusRow>>('PUT', '/campus', { form: campusForm(i.id_campus, i.values, i.photo) }),
    (i) => [schoolKeys.campus(i.id_campus), schoolKeys.campuses(i.values.id_school), lookupKeys.campuses],
  );
export const useDeleteCampus = () =>
  useWrite(
    (i: { id_campus: number; id_school: number }) => http.del<{ message: string }>(`/campus/${i.id_campus}`),
    (i) => [schoolKeys.campuses(i.id_school), lookupKeys.campuses],
  );
export const useSaveCampusConfiguration = () =>
  useWrite(
    (body: CampusConfigurationRequest) => http.put<Saved<CampusConfiguration>>('/configuration/campus', body),
    (b) => [schoolKeys.campus(b.id_campus)],
  );
export const useToggleGrade = (id_campus: number) =>
  useWrite(
    (id_campus_grade: number) =>
      http.put<Saved<CampusGradeRow>>('/configuration/campusGrade/activate', { id_campus_grade }),
    () => [schoolKeys.grades(id_campus)],
  );
