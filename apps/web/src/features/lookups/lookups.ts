import { useQuery } from '@tanstack/react-query';
import { http } from '../../app/client';

export type RoleOption = { id_role: number; id_context_type: number; context_type_name: string; name: string; type: string; description: string | null; isActive: boolean };
export type CampusOption = { id_campus: number; name: string; id_school: number; schoolName: string };
export type SchoolOption = { id_school: number; name: string };

export const lookupKeys = { roles: ['lookups', 'roles'] as const, campuses: ['lookups', 'campuses'] as const, schools: ['lookups', 'schools'] as const };

export const useRoleOptions = () => useQuery({ queryKey: lookupKeys.roles, queryFn: () => http.get<RoleOption[]>('/role') });
export const useCampusOptions = () => useQuery({ queryKey: lookupKeys.campuses, queryFn: () => http.get<CampusOption[]>('/catalog/campuses') });
export const useSchoolOptions = () => useQuery({ queryKey: lookupKeys.schools, queryFn: () => http.get<SchoolOption[]>('/catalog/schools') });
