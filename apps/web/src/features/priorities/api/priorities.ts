import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type { z } from 'zod';
import type { PrioritiesRequestSchema, PriorityRow } from '@openseat/shared/schemas/enrollment';
import { http } from '../../../lib/client';

export const priorityKeys = {
  all: ['priorities'] as const,
  campus: (id_campus: number | null) => ['priorities', id_campus] as const,
};

/** Priority levels of one campus; `enabled` is false when the caller may not read them (no request is made). */
export const usePriorities = (id_campus: number | null, enabled = true) =>
  useQuery({
    queryKey: priorityKeys.campus(id_campus),
    queryFn: () => http.get<PriorityRow[]>(`/campus/priorities/${id_campus}`),
    enabled: enabled && id_campus !== null,
  });

export function useSavePriorities() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (body: z.input<typeof PrioritiesRequestSchema>) =>
      http.post<{ message: string }>('/campus/priorities', body),
    onSuccess: () => client.invalidateQueries({ queryKey: priorityKeys.all }),
  });
}
