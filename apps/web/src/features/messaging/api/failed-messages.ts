import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@openseat/shared/communication';
import type { FailedMessages, ResendFailedResult } from '@openseat/shared/schemas/communication';
import { http } from '../../../lib/client';

/** The screen's filter: empty strings are "any"; times are the inputs' local date-times (yyyy-MM-ddTHH:mm). */
export type FailedFilter = { channel: Channel | ''; from: string; to: string; id_campus: number | '' };

/** The request's form: only what is set, times as instants. */
export const filterQuery = (f: FailedFilter) => ({
  ...(f.channel ? { channel: f.channel } : {}),
  ...(f.from ? { from: new Date(f.from).toISOString() } : {}),
  ...(f.to ? { to: new Date(f.to).toISOString() } : {}),
  ...(f.id_campus ? { id_campus: f.id_campus } : {}),
});

export const failedKeys = {
  all: ['messaging', 'failed'] as const,
  one: (f: FailedFilter) => ['messaging', 'failed', f] as const,
};

/** The failed messages of the filter and the progress of their copies; polled every 2 s while copies are on their way. */
export const useFailedMessages = (filter: FailedFilter, enabled: boolean) =>
  useQuery({
    queryKey: failedKeys.one(filter),
    queryFn: () => http.get<FailedMessages>('/communication/failed', filterQuery(filter)),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => ((query.state.data?.resent.queued ?? 0) > 0 ? 2000 : false),
  });

export function useResendFailed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filter: FailedFilter) =>
      http.post<{ message: string; data: ResendFailedResult }>('/communication/resend-failed', filterQuery(filter)),
    onSuccess: () => client.invalidateQueries({ queryKey: failedKeys.all }),
  });
}
