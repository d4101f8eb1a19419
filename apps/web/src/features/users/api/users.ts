import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@openseat/shared/schemas/pagination';
import type { UserRow, UserTab } from '@openseat/shared/schemas/users';
import { http } from '../../../app/client';

export type UserListParams = { tab: UserTab; page: number; pageSize: number; text: string; id_school?: number; id_campus?: number };

export const userKeys = { all: ['users'] as const, list: (p: UserListParams) => ['users', 'list', p] as const };

export const useUsers = (params: UserListParams) =>
  useQuery({ queryKey: userKeys.list(params), queryFn: () => http.get<Page<UserRow>>('/user', params), placeholderData: keepPreviousData });

export type UserInput = {
  id_user?: number;
  name: string;
  email: string;
  password?: string;
  telephone: string;
  id_role: number;
  id_school: number | null;
  id_campus: number | null;
  isAllCampuses: boolean;
  isActive: boolean;
  schoolIds: number[];
};

/** Create is JSON; update is multipart like the spec's PUT /user (arrays with [] suffix, optional photo). */
function toForm(input: UserInput, photo: File | null) {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (key === 'password' || value === null || value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => form.append(`${key}[]`, String(v)));
    else form.append(key, String(value));
  }
  if (photo) form.append('photo', photo);
  return form;
}

export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, photo }: { input: UserInput; photo: File | null }) =>
      input.id_user
        ? http.request<{ message: string; data: UserRow }>('PUT', '/user', { form: toForm(input, photo) })
        : http.post<{ message: string; data: UserRow }>('/user', input),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeactivateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id_user: number) => http.del<{ message: string }>(`/user/${id_user}`),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

