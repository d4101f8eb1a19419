import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type { AdminAuditPage, AdminJob, AdminJobsPage, JobState } from '@openseat/shared/schemas/admin';
import { http } from '../../../lib/client';

export const adminKeys = {
  all: ['admin'] as const,
  jobs: (p: JobsParams) => ['admin', 'jobs', p] as const,
  audit: (p: AuditParams) => ['admin', 'audit', p] as const,
};

export type JobsParams = { page: number; state: JobState | ''; name: string };

/** pg-boss's jobs, newest first, with the counts per queue and state. */
export const useJobs = (params: JobsParams) =>
  useQuery({
    queryKey: adminKeys.jobs(params),
    queryFn: () =>
      http.get<AdminJobsPage>('/admin/jobs', { page: params.page, state: params.state, name: params.name }),
    placeholderData: keepPreviousData,
  });

export function useRetryJob() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: string) => http.post<{ message: string; data: AdminJob }>(`/admin/jobs/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export type AuditParams = {
  page: number;
  who: string;
  action: string;
  entity: string;
  entityId: string;
  from: string;
  to: string;
};

/** The audit log of every school, newest first. */
export const useAudit = (params: AuditParams) =>
  useQuery({
    queryKey: adminKeys.audit(params),
    queryFn: () => http.get<AdminAuditPage>('/admin/audit', { ...params }),
    placeholderData: keepPreviousData,
  });
