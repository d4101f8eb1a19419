import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeclineReasons, DeclineReasonsRequest } from '@openseat/shared/schemas/decline-reasons';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import { http } from '../../../lib/client';

export const declineReasonKeys = { school: (id_school: number) => ['decline-reasons', id_school] as const };

export const useDeclineReasons = (id_school: number) =>
  useQuery({
    queryKey: declineReasonKeys.school(id_school),
    queryFn: () => http.get<DeclineReasons>('/decline-reasons', { id_school }),
  });

export function useSaveDeclineReasons() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (body: DeclineReasonsRequest) =>
      http.put<{ message: string; data: DeclineReasons }>('/decline-reasons', body),
    onSuccess: (saved) => client.setQueryData(declineReasonKeys.school(saved.data.id_school), saved.data),
  });
}
