import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type { Page } from '@openseat/shared/schemas/pagination';
import type { RoleRow } from '@openseat/shared/schemas/roles';
import type { CreateUserRequest, UpdateUserRequest, UserRow, UserTab } from '@openseat/shared/schemas/users';
import { http } from '../../../lib/client';

export type UserListParams = {
  tab: UserTab;
  page: number;
  pageSize: number;
  text: string;
  id_school?: number;
  id_campus?: number;
};

type Saved = { message: string; data: UserRow };

export const userKeys = {
  all: ['users'] as const,
  list: (p: UserListParams) => ['users', 'list', p] as const,
  assignableRoles: ['users', 'assignable-roles'] as const,
};

/** The roles the caller may give, decided by the server with the same test a save passes. */
export const useAssignableRoles = () =>
  useQuery({ queryKey: userKeys.assignableRoles, queryFn: () => http.get<RoleRow[]>('/user/assignable-roles') });

export const useUsers = (params: UserListParams) =>
  useQuery({
    queryKey: userKeys.list(params),
    queryFn: () => http.get<Page<UserRow>>('/user', params),
    placeholderData: keepPreviousData,
  });

/** Create is JSON; update is multipart like the spec's PUT /user (arrays with [] suffix, optional photo). */
function toForm(input: UpdateUserRequest, photo: File | null) {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => form.append(`${key}[]`, String(v)));
    else form.append(key, String(value));
  }
  if (photo) form.append('photo', photo);
  return form;
}

export function useSaveUser() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (
      change:
        { kind: 'create'; input: CreateUserRequest } | { kind: 'update'; input: UpdateUserRequest; photo: File | null },
    ) =>
      change.kind === 'update'
        ? http.request<Saved>('PUT', '/user', { form: toForm(change.input, change.photo) })
        : http.post<Saved>('/user', change.input),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeactivateUser() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (id_user: number) => http.del<{ message: string }>(`/user/${id_user}`),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}
