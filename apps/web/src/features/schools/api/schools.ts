import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@openseat/shared/schemas/pagination';
import { http } from '../../../app/client';

export type SchoolRow = { id_school: number; name: string; address: string | null; telephone: string | null; email: string | null; website: string | null; description: string | null; subscribedUntil: string | null; active: boolean; is_charter_connect: boolean };
export type SchoolConfiguration = {
  id_school: number; active: boolean; is_charter_connect: boolean; use_less_parameters: boolean; is_age_school: boolean; is_one_form: boolean;
  sendgrid_api_key: string | null; fp_access_token: string | null; ga_customer_id: string | null; ga_conversion_lead_id: string | null;
  ga_conversion_applied_id: string | null; ga_conversion_enrolled_id: string | null; fp_account_id: string | null;
};
export type CampusRow = { id_campus: number; id_school: number; schoolName: string; name: string; address: string | null; telephone: string | null; email: string | null; description: string | null; website: string | null; photo: string | null; isMain: boolean; active: boolean; is_lottery_campus: boolean; is_age_school: boolean };
export type CampusConfiguration = { id_campus: number; email: string | null; google_analytics_tag: string | null; api_secret: string | null; phone_number: string | null; active: boolean; looker_studio_link: string | null; is_lottery_campus: boolean; id_enrollment_sis: number | null };
export type CampusGradeRow = { id_campus_grade: number; id_grade: number; name: string; age: number; activatable: boolean; value: string | null; label: string | null; display: string };
export type SchoolTab = 'active' | 'inactive' | 'charter-connect';
type Saved<T> = { message: string; data: T };

export const schoolKeys = {
  all: ['schools'] as const,
  list: (p: object) => ['schools', 'list', p] as const,
  one: (id: number) => ['schools', id] as const,
  configuration: (id: number) => ['schools', id, 'configuration'] as const,
  campuses: (id: number) => ['schools', id, 'campuses'] as const,
  campus: (id: number) => ['campus', id] as const,
  campusConfiguration: (id: number) => ['campus', id, 'configuration'] as const,
  grades: (id: number) => ['campus', id, 'grades'] as const,
};

export const useSchools = (p: { tab: SchoolTab; page: number; pageSize: number; text: string }) =>
  useQuery({ queryKey: schoolKeys.list(p), queryFn: () => http.get<Page<SchoolRow>>('/school', p), placeholderData: keepPreviousData });
export const useSchool = (id: number) => useQuery({ queryKey: schoolKeys.one(id), queryFn: () => http.get<SchoolRow>(`/school/${id}`) });
export const useSchoolConfiguration = (id: number, enabled = true) =>
  useQuery({ queryKey: schoolKeys.configuration(id), queryFn: () => http.get<SchoolConfiguration>('/configuration/school', { id_school: id }), enabled });
export const useCampuses = (id_school: number) =>
  useQuery({ queryKey: schoolKeys.campuses(id_school), queryFn: () => http.get<Page<CampusRow>>('/campus', { id_school, pageSize: 200 }) });
export const useCampus = (id: number) => useQuery({ queryKey: schoolKeys.campus(id), queryFn: () => http.get<CampusRow>(`/campus/${id}`) });
export const useCampusConfiguration = (id: number, enabled = true) =>
  useQuery({ queryKey: schoolKeys.campusConfiguration(id), queryFn: () => http.get<CampusConfiguration>('/configuration/campus', { id_campus: id }), enabled });
export const useCampusGrades = (id: number) => useQuery({ queryKey: schoolKeys.grades(id), queryFn: () => http.get<CampusGradeRow[]>('/configuration/campusGrade/all', { id_campus: id }) });

/** One mutation hook per write; each invalidates what it changes. */
function useWrite<I, O>(fn: (input: I) => Promise<O>, keys: (input: I) => ReadonlyArray<readonly unknown[]>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (_data, input) => Promise.all(keys(input).map((queryKey) => client.invalidateQueries({ queryKey }))) });
}

export const useSaveSchool = () =>
  useWrite((i: { id?: number; body: object }) => (i.id ? http.put<Saved<SchoolRow>>(`/school/${i.id}`, i.body) : http.post<Saved<SchoolRow>>('/school', i.body)), () => [schoolKeys.all]);
export const useSetSchoolActive = () => useWrite((i: { id: number; active: boolean }) => http.put<Saved<SchoolRow>>(`/school/${i.id}/active`, { active: i.active }), () => [schoolKeys.all]);
export const useSaveSchoolConfiguration = () =>
  useWrite((body: Record<string, unknown> & { id_school: number }) => http.put<Saved<SchoolConfiguration>>('/configuration/school', body), (b) => [schoolKeys.configuration(b.id_school), schoolKeys.all]);
export const useCreateCampus = () => useWrite((body: { id_school: number; name: string }) => http.post<Saved<CampusRow>>('/campus', body), (b) => [schoolKeys.campuses(b.id_school)]);
export const useSaveCampusConfiguration = () =>
  useWrite((body: Record<string, unknown> & { id_campus: number }) => http.put<Saved<CampusConfiguration>>('/configuration/campus', body), (b) => [schoolKeys.campusConfiguration(b.id_campus), schoolKeys.campus(b.id_campus)]);
export const useToggleGrade = (id_campus: number) =>
  useWrite((id_campus_grade: number) => http.put<Saved<CampusGradeRow>>('/configuration/campusGrade/activate', { id_campus_grade }), () => [schoolKeys.grades(id_campus)]);

