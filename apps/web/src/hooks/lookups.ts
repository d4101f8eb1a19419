import { useQuery } from '@tanstack/react-query';
import type { RoleRow } from '@openseat/shared/schemas/roles';
import type { CampusOption, SchoolOption } from '@openseat/shared/schemas/schools';
import { http } from '../lib/client';

/** Options for pickers that several features show (roles, schools, campuses, grades, priorities), scoped by the server. */
export const lookupKeys = {
  roles: ['lookups', 'roles'] as const,
  campuses: ['lookups', 'campuses'] as const,
  schools: ['lookups', 'schools'] as const,
  grades: ['lookups', 'grades'] as const,
  priorityItems: ['lookups', 'priority-items'] as const,
};

/** `GET /role` needs roles/access: callers without it pass `enabled: false` and never ask. */
export const useRoleOptions = (enabled = true) =>
  useQuery({ queryKey: lookupKeys.roles, queryFn: () => http.get<RoleRow[]>('/role'), enabled });
export const useCampusOptions = () =>
  useQuery({ queryKey: lookupKeys.campuses, queryFn: () => http.get<CampusOption[]>('/catalog/campuses') });
export const useSchoolOptions = () =>
  useQuery({ queryKey: lookupKeys.schools, queryFn: () => http.get<SchoolOption[]>('/catalog/schools') });

/** Every grade (the catalogue every signed-in user may read): filters, pickers, an import's grade names. */
export const useGradeOptions = () =>
  useQuery({
    queryKey: lookupKeys.grades,
    queryFn: () => http.get<Array<{ id_grade: number; name: string }>>('/catalog/grade'),
    staleTime: Infinity,
  });

/** The catalog's priority items (sibling, staff child...): an application's priority, an import's priority words. */
export const usePriorityOptions = () =>
  useQuery({
    queryKey: lookupKeys.priorityItems,
    queryFn: () => http.get<Array<{ id_priority_item: number; name: string }>>('/catalog/priority-item'),
    staleTime: Infinity,
  });
