import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageState } from '@openseat/shared/communication';
import type {
  CommunicationEntry,
  MessageBatch,
  SendEmailRequest,
  SendMultipleRequest,
} from '@openseat/shared/schemas/communication';
import type { Page } from '@openseat/shared/schemas/pagination';
import { http } from '../../../lib/client';
import { applicationKeys } from '../../../lib/query-keys';

type Saved<T> = { message: string; data: T };
type Notice = { message: string };

export const messagingKeys = {
  all: ['messaging'] as const,
  /**
   * Under the applications' key: every change to an application (a move, an edit) refreshes its log, since a move
   * may have queued messages.
   */
  logs: applicationKeys.communication,
  log: applicationKeys.communicationPage,
  batch: (id: number) => ['messaging', 'batch', id] as const,
};

/** States after which a message changes no more on its own (the list stops polling when all are there). */
export const isPending = (state: MessageState) => state === 'queued' || state === 'sending';

/** The messages of an application, newest first; polled every 2 s while one is still on its way. */
export const useCommunicationLog = (id_application: number, page: number) =>
  useQuery({
    queryKey: messagingKeys.log(id_application, page),
    queryFn: () => http.get<Page<CommunicationEntry>>('/communication', { id_application, page, pageSize: 10 }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((m) => isPending(m.state)) ? 2000 : false),
  });

const idempotent = (key: string) => ({ 'idempotency-key': key });

/** One custom e-mail; `key` (one per dialog) makes a double click send once. */
export function useSendEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: SendEmailRequest; key: string }) =>
      http.request<Notice>('POST', '/email/send', { body, headers: idempotent(key) }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: messagingKeys.all }),
        client.invalidateQueries({ queryKey: messagingKeys.logs }),
      ]),
  });
}

export function useSendMultiple() {
  return useMutation({
    mutationFn: ({ body, key }: { body: SendMultipleRequest; key: string }) =>
      http.request<Saved<MessageBatch>>('POST', '/email/send-multiple', { body, headers: idempotent(key) }),
  });
}

/** A batch's progress, polled every second until every message is done. */
export const useBatch = (id: number | null) =>
  useQuery({
    queryKey: messagingKeys.batch(id ?? 0),
    queryFn: () => http.get<MessageBatch>(`/email/batch/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && batchDone(query.state.data) ? false : 1000),
  });

export const batchFinished = (b: MessageBatch) => b.sent + b.delivered + b.failed + b.skipped;
export const batchDone = (b: MessageBatch) => batchFinished(b) >= b.total;

export function useResend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id_message: number) => http.post<Notice>('/email/resend', { id_message }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: messagingKeys.all }),
        client.invalidateQueries({ queryKey: messagingKeys.logs }),
      ]),
  });
}

export function useResendForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id_application: number) => http.post<Notice>('/application/resend-form', { id_application }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: messagingKeys.all }),
        client.invalidateQueries({ queryKey: messagingKeys.logs }),
      ]),
  });
}
