import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import { http } from '../../../lib/client';
import type { PermissionRow, RoleRequest, RoleRow, SubjectWithActions } from '@openseat/shared/schemas/roles';
import { lookupKeys } from '../../../hooks/lookups';

export const roleKeys = {
  one: (id: number) => ['roles', id] as const,
  subjects: ['subjects'] as const,
  permissions: (id: number) => ['permissions', id] as const,
};

export const useRole = (id: number) =>
  useQuery({
    queryKey: roleKeys.one(id),
    queryFn: () => http.get<RoleRow>(`/role/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
export const useSubjects = () =>
  useQuery({ queryKey: roleKeys.subjects, queryFn: () => http.get<SubjectWithActions[]>('/subject') });
export const usePermissions = (id_role: number, enabled: boolean) =>
  useQuery({
    queryKey: roleKeys.permissions(id_role),
    queryFn: () => http.get<PermissionRow[]>('/permission', { id_role }),
    enabled,
  });

export function useSaveRole() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ id, input }: { id?: number; input: RoleRequest }) =>
      id
        ? http.put<{ message: string; data: RoleRow }>(`/role/${id}`, input)
        : http.post<{ message: string; data: RoleRow }>('/role', input),
    onSuccess: ({ data }) => {
      void client.invalidateQueries({ queryKey: lookupKeys.roles });
      client.setQueryData(roleKeys.one(data.id_role), data);
    },
  });
}

export function useTogglePermission(id_role: number) {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (input: { id_subject: number; id_action: number; isActive: boolean }) =>
      http.put<{ message: string }>('/permission', { id_role, ...input }),
    onSuccess: () => client.invalidateQueries({ queryKey: roleKeys.permissions(id_role) }),
  });
}
