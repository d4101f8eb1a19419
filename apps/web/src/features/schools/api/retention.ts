import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RetentionPreview,
  RetentionRun,
  RetentionSettings,
  RetentionSettingsRequest,
} from '@openseat/shared/schemas/retention';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import { http } from '../../../lib/client';

export const retentionKeys = {
  all: (id_school: number) => ['retention', id_school] as const,
  settings: (id_school: number) => ['retention', id_school, 'settings'] as const,
  preview: (id_school: number) => ['retention', id_school, 'preview'] as const,
  runs: (id_school: number) => ['retention', id_school, 'runs'] as const,
};

const underWay = (runs: RetentionRun[] | undefined) =>
  runs?.some((r) => r.status === 'pending' || r.status === 'working');

export const useRetentionSettings = (id_school: number) =>
  useQuery({
    queryKey: retentionKeys.settings(id_school),
    queryFn: () => http.get<RetentionSettings>('/retention/settings', { id_school }),
  });

export const useRetentionPreview = (id_school: number) =>
  useQuery({
    queryKey: retentionKeys.preview(id_school),
    queryFn: () => http.get<RetentionPreview>('/retention/preview', { id_school }),
  });

/** The runs; polled every 2 s while one waits or works, so its progress shows. */
export function useRetentionRuns(id_school: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: retentionKeys.runs(id_school),
    queryFn: async () => {
      const runs = await http.get<RetentionRun[]>('/retention/runs', { id_school });
      // a run that just ended changed what is due
      if (!underWay(runs)) void client.invalidateQueries({ queryKey: retentionKeys.preview(id_school) });
      return runs;
    },
    refetchInterval: (query) => (underWay(query.state.data) ? 2000 : false),
  });
}

export function useSaveRetention() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (body: RetentionSettingsRequest) =>
      http.put<{ message: string; data: RetentionSettings }>('/retention/settings', body),
    onSuccess: (saved) => client.invalidateQueries({ queryKey: retentionKeys.all(saved.data.id_school) }),
  });
}

export function useRunRetention() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (id_school: number) =>
      http.post<{ message: string; data: RetentionRun }>('/retention/runs', { id_school }),
    onSuccess: (_saved, id_school) => client.invalidateQueries({ queryKey: retentionKeys.runs(id_school) }),
  });
}
