import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type { ThemeName } from '@openseat/shared/constants';
import type { ChangePasswordRequest } from '@openseat/shared/schemas/auth';
import { http, session } from '../../../lib/client';

export type Profile = {
  id_user: number;
  name: string;
  email: string;
  telephone: string | null;
  role: { id_role: number; name: string } | null;
};

export const profileKey = ['account', 'me'] as const;

export const useProfile = () => useQuery({ queryKey: profileKey, queryFn: () => http.get<Profile>('/user/me') });

export function useUpdateProfile() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (input: { name: string; telephone: string | null }) =>
      http.put<{ message: string; data: Profile }>('/user/me', input),
    onSuccess: ({ data }) => {
      client.setQueryData(profileKey, data);
      session.updateUser((u) => ({ ...u, name: data.name }));
    },
  });
}

export const useChangePassword = () =>
  useWriteMutation({
    mutationFn: (input: ChangePasswordRequest) => http.put<{ message: string }>('/user/password', input),
  });

/** Saves the user's theme on the server and applies it at once. */
export async function saveTheme(theme: ThemeName) {
  session.updateUser((u) => ({ ...u, configuration: { ...u.configuration, theme } }));
  await http.post('/user/theme', { theme });
}
